//! The tools' command lines: clap, with the usage printed after every error (clap prints it
//! only for some kinds, not for a bad value).

use std::ffi::OsString;
use std::process::ExitCode;

/// Parses the process's arguments; on an error prints it with the usage and exits with code 2
/// (`--help` prints the help and exits with 0).
pub fn parse<T: clap::Parser>() -> T {
    match try_parse(std::env::args_os()) {
        Ok(parsed) => parsed,
        Err(message) => {
            eprint!("{message}");
            std::process::exit(2);
        }
    }
}

/// A tool's whole `main`: parses the arguments (see [`parse`]), runs `run` on them, and on an
/// error prints it after the tool's `name` and exits with code 1.
pub fn main<T: clap::Parser>(name: &str, run: impl FnOnce(T) -> Result<(), String>) -> ExitCode {
    match run(parse::<T>()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{name}: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The usage line of a tool, for the errors found after parsing.
pub fn usage<T: clap::CommandFactory>() -> String {
    T::command().render_usage().to_string()
}

/// The parsed arguments (the program's name first), or the error and usage to print.
/// Help and version requests exit as clap does.
pub fn try_parse<T: clap::Parser>(args: impl IntoIterator<Item = OsString>) -> Result<T, String> {
    let args: Vec<OsString> = args.into_iter().collect();
    let error = match T::try_parse_from(&args) {
        Ok(parsed) => return Ok(parsed),
        Err(error) if !error.use_stderr() => error.exit(),
        Err(error) => error,
    };
    let mut message = error.render().to_string();
    if !message.contains("Usage:") {
        let mut command = T::command();
        command.build();
        let subcommand = args
            .get(1)
            .and_then(|word| word.to_str())
            .and_then(|word| command.find_subcommand(word))
            .cloned();
        let usage = match subcommand {
            Some(mut subcommand) => subcommand.render_usage(),
            None => command.render_usage(),
        };
        message += &format!("\n{usage}\n");
    }
    Err(message)
}

#[cfg(test)]
mod tests {
    use super::try_parse;

    #[derive(clap::Parser, Debug)]
    #[command(name = "tool")]
    enum Tool {
        Fit {
            #[arg(long, default_value_t = 3)]
            games: u32,
        },
    }

    fn words(line: &str) -> Vec<std::ffi::OsString> {
        line.split_whitespace().map(Into::into).collect()
    }

    #[test]
    fn every_error_carries_the_usage_of_its_command() {
        let Tool::Fit { games } = try_parse::<Tool>(words("tool fit --games 7")).unwrap();
        assert_eq!(games, 7);
        let bad_value = try_parse::<Tool>(words("tool fit --games x")).unwrap_err();
        assert!(bad_value.contains("--games"), "{bad_value}");
        assert!(bad_value.contains("Usage: tool fit"), "{bad_value}");
        let unknown = try_parse::<Tool>(words("tool fit --turns 5")).unwrap_err();
        assert!(
            unknown.contains("--turns") && unknown.contains("Usage:"),
            "{unknown}"
        );
        let no_command = try_parse::<Tool>(words("tool tune")).unwrap_err();
        assert!(no_command.contains("Usage: tool"), "{no_command}");
    }
}
