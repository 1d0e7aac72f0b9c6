//! The game of connect6: rules, search and evaluation.
