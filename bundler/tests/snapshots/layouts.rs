//! layouts: bundled by bundler (test).
//!
//! Uses the library from the root and from a submodule.

// src/main.rs
mod cli {
    // src/cli.rs
    mod parse {
        // src/cli/parse.rs
        pub fn words(text: &str) -> usize {
            text.split_whitespace().count()
        }
    }

    // The library is reachable from a submodule of the binary too.
    pub fn run() {
        println!("{}", parse::words("a b c"));
        println!("{}", crate::layouts::plain::child::name());
    }
}

use crate::layouts::shapes;

fn main() {
    println!("{}", crate::layouts::describe());
    println!("{}", shapes::area(3));
    println!("{}", crate::layouts::outer::custom::custom());
    println!("{}", crate::layouts::renamed::renamed());
    cli::run();
}

mod layouts {
    // src/lib.rs
    //! Every way rustc finds a module file.

    pub mod plain {
        // src/plain.rs
        //! A non-`mod.rs` module: its children live in `plain/`.

        pub mod child {
            // src/plain/child.rs
            pub fn name() -> &'static str {
                "child"
            }
        }

        /// Inline, with a `#[path]` child: relative to `plain/inl/`.
        pub mod inl {
            pub mod deeper {
                // src/plain/inl/deeper.rs
                pub fn value() -> u32 {
                    7
                }
            }
        }
    }

    pub mod shapes {
        // src/shapes/mod.rs
        //! A `mod.rs` module: its children are siblings of this file.

        pub mod square {
            // src/shapes/square.rs
            /// A side, offset by the parent module's constant.
            pub fn side(x: u32) -> u32 {
                x + super::OFFSET
            }
        }

        /// Added to every side.
        pub const OFFSET: u32 = 1;

        /// The area of a square with side `x + OFFSET`.
        pub fn area(x: u32) -> u32 {
            square::side(x) * square::side(x)
        }
    }

    /// An inline module whose children live in files under `outer/`.
    pub mod outer {
        pub mod custom {
            // src/outer/custom_inline.rs
            pub fn custom() -> &'static str {
                "custom"
            }
        }

        pub mod nested {
            // src/outer/nested.rs
            pub fn depth() -> u32 {
                crate::layouts::plain::inl::deeper::value() + 1
            }
        }
    }

    pub mod renamed {
        // src/elsewhere/renamed.rs
        //! Loaded through `#[path]`: treated like a `mod.rs` file, so `sub` is a sibling.

        pub mod sub {
            // src/elsewhere/sub.rs
            pub fn text() -> String {
                "sub".to_string()
            }
        }

        pub fn renamed() -> String {
            sub::text()
        }
    }

    /// Reaches into every module.
    pub fn describe() -> String {
        // Each part comes from a different kind of module file.
        format!(
            "{} {} {} {}",
            shapes::area(2),
            plain::child::name(),
            outer::nested::depth(),
            self::plain::inl::deeper::value(),
        )
    }
}
