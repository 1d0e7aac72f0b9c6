//! Pieces shared by every engine.
