//! Command-line options of the form `--name value`, as the harness tools take them.

/// The arguments of a tool (its name left out).
pub struct Options {
    args: Vec<String>,
}

impl Options {
    /// The arguments the process was started with.
    pub fn from_env() -> Options {
        Options::new(std::env::args().skip(1).collect())
    }

    pub fn new(args: Vec<String>) -> Options {
        Options { args }
    }

    /// The word after `name`, if `name` is given.
    pub fn value(&self, name: &str) -> Option<String> {
        self.args
            .iter()
            .position(|a| a == name)
            .and_then(|i| self.args.get(i + 1).cloned())
    }

    /// An error naming the first word in a name's place that is not one of `known` (every
    /// option takes a value, so names stand at even places).
    pub fn check(&self, known: &[&str]) -> Result<(), String> {
        match self
            .args
            .iter()
            .step_by(2)
            .find(|a| !known.contains(&a.as_str()))
        {
            Some(word) => Err(format!("unknown option '{word}'")),
            None if self.args.len() % 2 == 1 => {
                Err(format!("{} needs a value", self.args[self.args.len() - 1]))
            }
            None => Ok(()),
        }
    }

    /// The whole number after `name`, `default` when `name` is not given.
    pub fn number(&self, name: &str, default: u64) -> Result<u64, String> {
        self.value(name).map_or(Ok(default), |v| {
            v.parse().map_err(|_| format!("{name}: bad number '{v}'"))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Options;

    #[test]
    fn values_and_numbers_by_name() {
        let words = ["--size", "20", "--rule", "exact", "--games", "x"];
        let options = Options::new(words.iter().map(|w| w.to_string()).collect());
        assert_eq!(options.value("--rule").as_deref(), Some("exact"));
        assert_eq!(options.value("--log"), None);
        assert_eq!(options.number("--size", 15), Ok(20));
        assert_eq!(options.number("--turn", 1000), Ok(1000));
        assert!(options.number("--games", 100).is_err());
        assert!(options.check(&["--size", "--rule", "--games"]).is_ok());
        assert!(options.check(&["--size", "--games"]).is_err());
        let odd = Options::new(vec!["--size".to_string()]);
        assert!(odd.check(&["--size"]).is_err());
    }
}
