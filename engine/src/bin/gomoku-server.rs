//! The gomoku engine for the pos / move / go / quit match server.

fn main() {
    let stdin = std::io::stdin();
    engine::protocol::gomoku_server::run(stdin.lock(), std::io::stdout());
}
