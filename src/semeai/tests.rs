//! Semeai tests on small diagrams.
