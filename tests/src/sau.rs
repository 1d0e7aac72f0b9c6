//! SAU platform judge emulator (Connect6, NoGo).
