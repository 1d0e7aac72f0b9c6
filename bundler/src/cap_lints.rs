//! Lints that stop a dependency's code in the bundle only.
//!
//! cargo builds dependencies with `--cap-lints allow`, so a lint rustc denies by default never
//! stops them (ascii's `bindings_with_variant_name`, the `log` macros that varisat reaches
//! under `macro_expanded_macro_exports_accessed_by_absolute_paths`). In the bundle they are
//! modules of the program's own crate. Where rustc reports such a lint inside a dependency's
//! module, that module allows it and the bundle is checked again; the package's own code is
//! left to fail as it would under cargo.

use crate::error::Result;
use crate::verify::Checked;
use std::collections::{BTreeMap, BTreeSet};

/// An allowed lint can let rustc go on to report another; this many rounds at most.
const ROUNDS: usize = 3;

/// Adds `#[allow(lint)]` to the dependency modules (named `modules`, at the bundle's root) in
/// which rustc denies a lint, until none is reported; `check` judges each version. The code
/// and its last verdict.
pub fn settle(
    mut code: String,
    mut checked: Checked,
    modules: &[String],
    check: impl Fn(&str) -> Result<Checked>,
) -> Result<(String, Checked)> {
    for _ in 0..ROUNDS {
        let extents = module_extents(&code, modules);
        let mut allow: BTreeMap<usize, BTreeSet<&str>> = BTreeMap::new();
        for diagnostic in checked.errors() {
            let (Some(lint), Some(&(line, ..))) = (&diagnostic.lint, diagnostic.spans.first())
            else {
                continue;
            };
            if let Some(&(start, _)) = extents
                .iter()
                .find(|&&(start, end)| start < line && line <= end)
            {
                allow.entry(start).or_default().insert(lint.as_str());
            }
        }
        if allow.is_empty() {
            break;
        }
        code = apply(&code, &allow);
        checked = check(&code)?;
    }
    Ok((code, checked))
}

/// The first and last lines (1-based) of each module in `modules` written at the root as
/// `mod name {` ... `}`.
fn module_extents(code: &str, modules: &[String]) -> Vec<(usize, usize)> {
    let openings: BTreeSet<String> = modules.iter().map(|m| format!("mod {m} {{")).collect();
    let mut extents = Vec::new();
    let mut open = None;
    for (index, line) in code.lines().enumerate() {
        match open {
            None if openings.contains(line) => open = Some(index + 1),
            Some(start) if line == "}" => {
                extents.push((start, index + 1));
                open = None;
            }
            _ => {}
        }
    }
    extents
}

/// Writes `#[allow(..)]` above the module opened on each given line.
fn apply(code: &str, allow: &BTreeMap<usize, BTreeSet<&str>>) -> String {
    let mut out = String::with_capacity(code.len());
    for (index, line) in code.split_inclusive('\n').enumerate() {
        if let Some(lints) = allow.get(&(index + 1)) {
            let names: Vec<&str> = lints.iter().copied().collect();
            out.push_str(&format!("#[allow({})]\n", names.join(", ")));
        }
        out.push_str(line);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::verify::Diagnostic;

    fn denied(lint: &str, line: usize) -> Diagnostic {
        Diagnostic {
            is_error: true,
            code: Some(lint.to_string()),
            message: String::new(),
            spans: vec![(line, 1, line, 2)],
            line_text: String::new(),
            tail_fix: Vec::new(),
            lint: Some(lint.to_string()),
        }
    }

    const CODE: &str = "fn main() {\n    dep::f();\n}\n\nmod dep {\n    pub fn f() {\n        let x: u8 = 256;\n    }\n}\n";

    #[test]
    fn a_lint_denied_in_a_dependency_is_allowed_there() {
        let checked = Checked {
            diagnostics: vec![denied("overflowing_literals", 7)],
        };
        let modules = vec!["dep".to_string()];
        let (code, after) = settle(CODE.to_string(), checked, &modules, |_| {
            Ok(Checked::default())
        })
        .unwrap();
        assert!(
            code.contains("\n#[allow(overflowing_literals)]\nmod dep {\n"),
            "{code}"
        );
        assert!(!after.has_errors());
    }

    #[test]
    fn a_lint_denied_in_the_package_s_own_code_stays_an_error() {
        let checked = Checked {
            diagnostics: vec![denied("overflowing_literals", 2)],
        };
        let modules = vec!["dep".to_string()];
        let (code, after) =
            settle(CODE.to_string(), checked, &modules, |_| unreachable!()).unwrap();
        assert_eq!(code, CODE);
        assert!(after.has_errors());
    }
}
