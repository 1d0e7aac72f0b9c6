//! Printing the bundle: prettyplease, then markers and comments put back as text.

use crate::comments::COMMENT;
use crate::loader::MARKER;
use syn::{Attribute, File, Item};

/// Prints the bundle. `files` and `comments` give the text behind marker and comment
/// placeholders.
pub fn emit(attrs: Vec<Attribute>, items: Vec<Item>, files: &[String], comments: &[String]) -> String {
    let file = File {
        shebang: None,
        attrs,
        items,
    };
    let printed = prettyplease::unparse(&file);
    let mut out = String::with_capacity(printed.len() + 1024);
    for line in printed.lines() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        if let Some(index) = placeholder(trimmed, MARKER) {
            let shown = files.get(index).map_or("?", String::as_str);
            out.push_str(indent);
            out.push_str("// ");
            out.push_str(shown);
            out.push('\n');
        } else if let Some(index) = placeholder(trimmed, COMMENT) {
            for comment in comments.get(index).map_or("", String::as_str).lines() {
                out.push_str(indent);
                out.push_str(comment);
                out.push('\n');
            }
        } else {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// The number in a printed placeholder line `name!(N);`.
fn placeholder(line: &str, name: &str) -> Option<usize> {
    let rest = line.strip_prefix(name)?.strip_prefix("!(")?;
    let number = rest.strip_suffix(");")?;
    number.trim().parse().ok()
}
