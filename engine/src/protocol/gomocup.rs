//! The Gomocup (piskvork) brain protocol.
