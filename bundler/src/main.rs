fn main() {
    eprintln!("bundler: under construction");
    std::process::exit(1);
}
