//! The game of gomoku: rules, search and evaluation.
