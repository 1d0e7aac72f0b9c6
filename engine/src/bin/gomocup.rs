//! The Gomocup (piskvork) brain: reads the manager's commands on stdin, answers on stdout.

fn main() {
    let stdin = std::io::stdin();
    engine::protocol::gomocup::run(stdin.lock(), std::io::stdout());
}
