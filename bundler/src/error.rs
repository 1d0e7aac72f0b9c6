//! The one error type: a message for the user, already naming file:line where it can.

use std::fmt;

/// Why a bundle could not be made. The message is complete and meant for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Error {
    message: String,
}

impl Error {
    /// An error with a free-form message.
    pub fn new(message: impl Into<String>) -> Self {
        Error {
            message: message.into(),
        }
    }

    /// An error about a place in a source file.
    pub fn at(file: &str, line: usize, message: impl fmt::Display) -> Self {
        Error::new(format!("{file}:{line}: {message}"))
    }

    /// The message, without any prefix.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// Result with the bundler's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;
