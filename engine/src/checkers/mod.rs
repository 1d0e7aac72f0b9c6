//! The game of checkers: rules, search and evaluation.
