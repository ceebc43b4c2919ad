//! Board self-tests. The reference is a slow copy-make [`oracle`]; the
//! submodules compare the incremental board with it under random play/undo
//! ([`stress`]), pin perft node counts ([`perft`]), check hand-made diagrams
//! ([`diagrams`]), the Zobrist hash ([`zobrist`]) and the fast liberty
//! queries ([`queries`]).

mod diagrams;
mod oracle;
mod perft;
mod queries;
mod stress;
mod zobrist;
