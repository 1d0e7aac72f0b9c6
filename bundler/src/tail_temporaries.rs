//! Temporaries at the end of a block, under edition 2021 rules.
//!
//! Edition 2024 drops the temporaries of a block's final expression before the block's
//! locals; edition 2021 drops them after, so `let c = RefCell::new(v); c.borrow().len()`
//! compiles in 2024 and is E0597 in 2021. Where rustc reports that, the bundle takes its fix:
//! the expression's value goes into a local first (`let value = c.borrow().len(); value`),
//! which drops the temporary before the locals in both editions.

use crate::error::Result;
use crate::verify::Checked;

/// rustc reported at most this many rounds of such errors (a fix can reveal another).
const ROUNDS: usize = 4;

/// Applies rustc's fixes for end-of-block temporaries to `code` until none is reported;
/// `check` is the rustc run that judges each version. The code and its last verdict.
pub fn settle(
    mut code: String,
    mut checked: Checked,
    check: impl Fn(&str) -> Result<Checked>,
) -> Result<(String, Checked)> {
    for _ in 0..ROUNDS {
        let mut inserts: Vec<(usize, String)> = checked
            .errors()
            .flat_map(|d| d.tail_fix.iter().cloned())
            .collect();
        if inserts.is_empty() {
            break;
        }
        inserts.sort();
        inserts.dedup();
        code = apply(&code, &inserts);
        checked = check(&code)?;
    }
    Ok((code, checked))
}

/// Inserts rustc's `let x = ` and `; x` as `let value = ` and, when the expression starts its
/// line, `;` and `value` on a line of its own.
fn apply(code: &str, inserts: &[(usize, String)]) -> String {
    let mut fixed = code.to_string();
    let mut indent_of_start: Vec<(usize, Option<String>)> = Vec::new();
    for (at, text) in inserts {
        if text.starts_with("let ") {
            let line_start = code[..*at].rfind('\n').map_or(0, |n| n + 1);
            let before = &code[line_start..*at];
            let indent = before.trim().is_empty().then(|| before.to_string());
            indent_of_start.push((*at, indent));
        }
    }
    for (at, text) in inserts.iter().rev() {
        if !code.is_char_boundary(*at) || *at > code.len() {
            continue;
        }
        let replacement = if text.starts_with("let ") {
            "let value = ".to_string()
        } else {
            // The matching start: the last `let` insertion before this end.
            let indent = indent_of_start
                .iter()
                .rev()
                .find(|(start, _)| start < at)
                .and_then(|(_, indent)| indent.clone());
            match indent {
                Some(indent) => format!(";\n{indent}value"),
                None => "; value".to_string(),
            }
        };
        fixed.insert_str(*at, &replacement);
    }
    fixed
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `code` with rustc's two insertions around `c.borrow().len()`.
    fn fixed(code: &str) -> String {
        let start = code.find("c.borrow()").unwrap();
        let end = code.find("len()").unwrap() + 5;
        apply(
            code,
            &[(start, "let x = ".to_string()), (end, "; x".to_string())],
        )
    }

    #[test]
    fn the_value_goes_into_a_local() {
        // On a line of its own when the expression starts its line.
        assert_eq!(
            fixed("fn f() -> usize {\n    let c = C::new();\n    c.borrow().len()\n}\n"),
            "fn f() -> usize {\n    let c = C::new();\n    let value = c.borrow().len();\n    value\n}\n"
        );
        assert_eq!(
            fixed("fn f() -> usize { let c = C::new(); c.borrow().len() }"),
            "fn f() -> usize { let c = C::new(); let value = c.borrow().len(); value }"
        );
    }
}
