fn main() {
    std::process::exit(grader::cli::main());
}
