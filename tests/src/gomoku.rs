//! Gomocup arena and terminal play.
