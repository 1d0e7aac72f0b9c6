//! The SAU computer-games platform protocol (Connect6, NoGo).
