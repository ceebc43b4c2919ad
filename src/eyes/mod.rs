//! Eye-space analysis: unconditional life and the value of eye spaces.
//!
//! GNU Go counterpart: `engine/optics.c` (eye spaces, eye values, half
//! eyes) and `engine/unconditional.c` (Benson's algorithm and GNU Go's
//! extension to unconditionally dead stones and owned territory). The
//! submodules are independent of each other; each says where to start.

pub mod space;
pub mod unconditional;
pub mod value;
