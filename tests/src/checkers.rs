//! Checkers judge emulator and terminal play.
