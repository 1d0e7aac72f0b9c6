//! `bundler`: see `bundler --help`.

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    std::process::exit(bundler::cli::run(&args));
}
