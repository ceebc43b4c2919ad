//! The `tesuji` binary: a thin shell that speaks GTP on stdin/stdout.

fn main() {
    env_logger::init();
}
