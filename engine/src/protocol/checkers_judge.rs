//! The 8x8 checkers judge: START / PLACE / TURN / END.
