//! The game of nogo: rules, search and evaluation.
