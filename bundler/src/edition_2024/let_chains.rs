//! Let chains (`if let Some(x) = a && x > 0`), which edition 2021 refuses, as nested `if`s;
//! and `if let` conditions holding a guard that edition 2024 drops before the `else`.

use proc_macro2::{Span, TokenStream, TokenTree};
use quote::quote;
use syn::visit::{self, Visit};
use syn::visit_mut::{self, VisitMut};
use syn::{parse_quote, Block, Expr, ExprIf, ExprWhile, Item, Label, Lifetime, Stmt};

/// One operand of a let chain: a `let` or a run of plain conditions joined by `&&`.
enum Operand {
    Let(syn::ExprLet),
    Test(Expr),
}

impl Operand {
    fn into_expr(self) -> Expr {
        match self {
            Operand::Let(condition) => Expr::Let(condition),
            Operand::Test(test) => test,
        }
    }
}

/// The operands of `a && b && ..`, left to right.
fn and_operands(expr: &Expr, out: &mut Vec<Expr>) {
    match expr {
        Expr::Binary(binary) if matches!(binary.op, syn::BinOp::And(_)) => {
            and_operands(&binary.left, out);
            and_operands(&binary.right, out);
        }
        _ => out.push(expr.clone()),
    }
}

/// The operands of a let chain; `None` for a condition that edition 2021 accepts (no `let`,
/// or a single `let`).
fn let_chain(condition: &Expr) -> Option<Vec<Operand>> {
    let mut parts = Vec::new();
    and_operands(condition, &mut parts);
    if parts.len() < 2 || !parts.iter().any(|p| matches!(p, Expr::Let(_))) {
        return None;
    }
    let mut operands: Vec<Operand> = Vec::new();
    for part in parts {
        match (part, operands.last_mut()) {
            (Expr::Let(condition), _) => operands.push(Operand::Let(condition)),
            (test, Some(Operand::Test(previous))) => {
                let left = previous.clone();
                *previous = parse_quote!(#left && #test);
            }
            (test, _) => operands.push(Operand::Test(test)),
        }
    }
    Some(operands)
}

fn is_let_chain(expr: &Expr) -> bool {
    match expr {
        Expr::If(e) => let_chain(&e.cond).is_some(),
        Expr::While(e) => let_chain(&e.cond).is_some(),
        _ => false,
    }
}

/// `if a { if b { .. } }`: one `if` per operand around `then`, each with `otherwise` (when
/// given) as its `else`.
fn nest(operands: Vec<Operand>, then: Block, otherwise: Option<&Expr>) -> ExprIf {
    let mut block = then;
    let mut operands = operands;
    let first = operands.remove(0);
    for operand in operands.into_iter().rev() {
        let inner = make_if(operand.into_expr(), block, otherwise);
        block = Block {
            brace_token: Default::default(),
            stmts: vec![Stmt::Expr(Expr::If(inner), None)],
        };
    }
    make_if(first.into_expr(), block, otherwise)
}

fn make_if(cond: Expr, then_branch: Block, otherwise: Option<&Expr>) -> ExprIf {
    ExprIf {
        attrs: Vec::new(),
        if_token: Default::default(),
        cond: Box::new(cond),
        then_branch,
        else_branch: otherwise.map(|e| (Default::default(), Box::new(else_form(e.clone())))),
    }
}

/// What may follow `else`: an `if` or an unlabeled block.
fn else_form(expr: Expr) -> Expr {
    match expr {
        Expr::If(_) => expr,
        Expr::Block(block) if block.label.is_none() && block.attrs.is_empty() => Expr::Block(block),
        other => block_expr(None, vec![Stmt::Expr(other, None)]),
    }
}

fn block_expr(label: Option<Label>, stmts: Vec<Stmt>) -> Expr {
    Expr::Block(syn::ExprBlock {
        attrs: Vec::new(),
        label,
        block: Block {
            brace_token: Default::default(),
            stmts,
        },
    })
}

/// The statements `else` stands for, to be placed after the chain in one block.
fn else_stmts(otherwise: Expr) -> Vec<Stmt> {
    match otherwise {
        Expr::Block(block) if block.label.is_none() && block.attrs.is_empty() => block.block.stmts,
        other => vec![Stmt::Expr(other, None)],
    }
}

/// Macros that never return.
const DIVERGING_MACROS: [&str; 4] = ["panic", "unreachable", "todo", "unimplemented"];

fn diverges(expr: &Expr) -> bool {
    match expr {
        Expr::Return(_) | Expr::Break(_) | Expr::Continue(_) => true,
        Expr::Macro(mac) => mac
            .mac
            .path
            .get_ident()
            .is_some_and(|name| DIVERGING_MACROS.contains(&name.to_string().as_str())),
        Expr::Block(block) if block.label.is_none() => block_diverges(&block.block),
        _ => false,
    }
}

/// Whether a block visibly never reaches its end: its last statement returns, breaks,
/// continues or panics.
fn block_diverges(block: &Block) -> bool {
    match block.stmts.last() {
        Some(Stmt::Expr(expr, _)) => diverges(expr),
        Some(Stmt::Macro(mac)) => mac
            .mac
            .path
            .get_ident()
            .is_some_and(|name| DIVERGING_MACROS.contains(&name.to_string().as_str())),
        _ => false,
    }
}

/// Finds a `break` or `continue` without a label that would leave a labeled block placed
/// around the code (E0695): loops, closures, async blocks and items start a new context.
#[derive(Default)]
struct UnlabeledJump {
    found: bool,
}

impl<'ast> Visit<'ast> for UnlabeledJump {
    fn visit_expr_break(&mut self, e: &'ast syn::ExprBreak) {
        self.found |= e.label.is_none();
        visit::visit_expr_break(self, e);
    }

    fn visit_expr_continue(&mut self, e: &'ast syn::ExprContinue) {
        self.found |= e.label.is_none();
    }

    fn visit_expr_loop(&mut self, _: &'ast syn::ExprLoop) {}

    fn visit_expr_while(&mut self, e: &'ast syn::ExprWhile) {
        self.visit_expr(&e.cond);
    }

    fn visit_expr_for_loop(&mut self, e: &'ast syn::ExprForLoop) {
        self.visit_expr(&e.expr);
    }

    fn visit_expr_closure(&mut self, _: &'ast syn::ExprClosure) {}

    fn visit_expr_async(&mut self, _: &'ast syn::ExprAsync) {}

    fn visit_item(&mut self, _: &'ast Item) {}

    fn visit_macro(&mut self, mac: &'ast syn::Macro) {
        self.found |= mentions_jump(mac.tokens.clone());
    }
}

/// Whether macro tokens hold a `break` or `continue` (taken as unlabeled: the tokens are not
/// parsed).
fn mentions_jump(tokens: TokenStream) -> bool {
    tokens.into_iter().any(|tree| match tree {
        TokenTree::Ident(ident) => ident == "break" || ident == "continue",
        TokenTree::Group(group) => mentions_jump(group.stream()),
        _ => false,
    })
}

fn has_unlabeled_jump(block: &Block, otherwise: &Expr) -> bool {
    let mut finder = UnlabeledJump::default();
    finder.visit_block(block);
    finder.visit_expr(otherwise);
    finder.found
}

/// Methods whose guard, kept alive by a condition, matters to the `else`: edition 2024 drops
/// it before the `else` runs.
const GUARD_METHODS: [&str; 6] = [
    "borrow",
    "borrow_mut",
    "lock",
    "try_borrow",
    "try_borrow_mut",
    "try_lock",
];

/// Whether an expression calls one of [`GUARD_METHODS`] outside closures.
#[derive(Default)]
struct TakesGuard {
    found: bool,
}

impl<'ast> Visit<'ast> for TakesGuard {
    fn visit_expr_method_call(&mut self, call: &'ast syn::ExprMethodCall) {
        let method = call.method.to_string();
        // `RwLock::read()` and `write()` take nothing; `io::Read::read(buf)` is no guard.
        self.found |= GUARD_METHODS.contains(&method.as_str())
            || (call.args.is_empty() && (method == "read" || method == "write"));
        visit::visit_expr_method_call(self, call);
    }

    fn visit_expr_closure(&mut self, _: &'ast syn::ExprClosure) {}
}

fn takes_guard(expr: &Expr) -> bool {
    let mut finder = TakesGuard::default();
    finder.visit_expr(expr);
    finder.found
}

/// The visitor lowering let chains; `depth` counts the chains around the current one, so
/// that nested labeled blocks get different labels.
#[derive(Default)]
pub struct Chains {
    depth: usize,
}

impl Chains {
    fn label(&self) -> Label {
        let name = match self.depth {
            0 => "'chain".to_string(),
            n => format!("'chain{}", n + 1),
        };
        Label {
            name: Lifetime::new(&name, Span::call_site()),
            colon_token: Default::default(),
        }
    }

    /// The lowered form of `if <condition> { then } else { otherwise }`.
    fn lower_if(&self, e: ExprIf, operands: Vec<Operand>) -> Expr {
        let ExprIf {
            attrs,
            then_branch,
            else_branch,
            ..
        } = e;
        let Some((_, otherwise)) = else_branch else {
            let mut lowered = nest(operands, then_branch, None);
            lowered.attrs = attrs;
            return Expr::If(lowered);
        };
        let otherwise = *otherwise;
        if block_diverges(&then_branch) {
            // The chain's `if` ends before the `else` code, so nothing needs skipping.
            let chain = nest(operands, then_branch, None);
            let mut stmts = vec![Stmt::Expr(Expr::If(chain), None)];
            stmts.extend(else_stmts(otherwise));
            return with_attrs(block_expr(None, stmts), attrs);
        }
        if has_unlabeled_jump(&then_branch, &otherwise) {
            // A label would capture the `break`: the `else` is written at each level.
            let mut lowered = nest(operands, then_branch, Some(&otherwise));
            lowered.attrs = attrs;
            return Expr::If(lowered);
        }
        let label = self.label();
        let chain = nest(operands, self.break_out(then_branch, &label), None);
        let mut stmts = vec![Stmt::Expr(Expr::If(chain), None)];
        stmts.extend(else_stmts(otherwise));
        with_attrs(block_expr(Some(label), stmts), attrs)
    }

    /// `then` ending with `break 'label value`, its value.
    fn break_out(&self, then: Block, label: &Label) -> Block {
        let mut stmts = then.stmts;
        let name = &label.name;
        let jump: Expr = match stmts.pop() {
            Some(Stmt::Expr(value, None)) => {
                // A labeled block as a break's value reads as a label of the break.
                let value = match value {
                    Expr::Block(b) if b.label.is_some() => parse_quote!((#b)),
                    Expr::Loop(l) if l.label.is_some() => parse_quote!((#l)),
                    other => other,
                };
                parse_quote!(break #name #value)
            }
            // A macro call ending the block without `;` is its value too.
            Some(Stmt::Macro(mac)) if mac.semi_token.is_none() => {
                let value = Expr::Macro(syn::ExprMacro {
                    attrs: mac.attrs,
                    mac: mac.mac,
                });
                parse_quote!(break #name #value)
            }
            Some(other) => {
                stmts.push(other);
                parse_quote!(break #name)
            }
            None => parse_quote!(break #name),
        };
        stmts.push(Stmt::Expr(jump, Some(Default::default())));
        Block {
            brace_token: then.brace_token,
            stmts,
        }
    }

    /// `'l: while <chain> { body }` as `'l: while <first> { if <rest> { body } else { break; } }`.
    fn lower_while(&self, e: ExprWhile, mut operands: Vec<Operand>) -> Expr {
        let first = operands.remove(0).into_expr();
        let body = if operands.is_empty() {
            e.body
        } else {
            let stop: Expr = parse_quote!({
                break;
            });
            Block {
                brace_token: Default::default(),
                stmts: vec![Stmt::Expr(
                    Expr::If(nest(operands, e.body, Some(&stop))),
                    None,
                )],
            }
        };
        Expr::While(ExprWhile {
            cond: Box::new(first),
            body,
            ..e
        })
    }

    /// `if let` with an `else` whose condition holds a guard: the labeled block, so that the
    /// guard is dropped before the `else` as in 2024.
    fn lower_guarded_if_let(&self, e: ExprIf) -> Expr {
        match *e.cond.clone() {
            Expr::Let(condition) => self.lower_if(e, vec![Operand::Let(condition)]),
            _ => Expr::If(e),
        }
    }
}

fn with_attrs(mut expr: Expr, attrs: Vec<syn::Attribute>) -> Expr {
    if let Expr::Block(block) = &mut expr {
        block.attrs = attrs;
    }
    expr
}

/// An `if let` with an `else` that 2024 runs with the condition's guard already dropped.
fn is_guarded_if_let(expr: &Expr) -> bool {
    let Expr::If(e) = expr else {
        return false;
    };
    let Expr::Let(condition) = &*e.cond else {
        return false;
    };
    e.else_branch.is_some() && takes_guard(&condition.expr)
}

impl VisitMut for Chains {
    fn visit_expr_mut(&mut self, expr: &mut Expr) {
        let chain = is_let_chain(expr) || is_guarded_if_let(expr);
        if chain {
            self.depth += 1;
        }
        visit_mut::visit_expr_mut(self, expr);
        if !chain {
            if let Expr::If(e) = expr {
                if let Some((_, otherwise)) = &mut e.else_branch {
                    let taken = std::mem::replace(&mut **otherwise, Expr::Verbatim(quote!()));
                    **otherwise = else_form(taken);
                }
            }
            return;
        }
        self.depth -= 1;
        let taken = std::mem::replace(expr, Expr::Verbatim(quote!()));
        *expr = match taken {
            Expr::If(e) => match let_chain(&e.cond) {
                Some(operands) => self.lower_if(e, operands),
                None => self.lower_guarded_if_let(e),
            },
            Expr::While(e) => match let_chain(&e.cond) {
                Some(operands) => self.lower_while(e, operands),
                None => Expr::While(e),
            },
            other => other,
        };
    }

    fn visit_item_mut(&mut self, item: &mut Item) {
        // Items inside functions start afresh.
        let depth = std::mem::take(&mut self.depth);
        visit_mut::visit_item_mut(self, item);
        self.depth = depth;
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::migrated;

    #[test]
    fn a_let_chain_without_else_becomes_nested_ifs() {
        let out = migrated(
            "fn f(o: Option<i32>) { if let Some(x) = o && x > 2 && x < 9 && let Some(y) = g(x) { h(y); } }",
        );
        assert!(out.contains("if let Some(x) = o {\n        if x > 2 && x < 9 {\n            if let Some(y) = g(x) {\n                h(y);"), "{out}");
    }

    #[test]
    fn a_let_chain_with_else_runs_in_a_labeled_block() {
        let out = migrated(
            "fn f(o: Option<i32>) -> i32 { if let Some(x) = o && x > 2 { x } else { 0 } }",
        );
        assert!(out.contains("'chain: {"), "{out}");
        assert!(out.contains("break 'chain x;"), "{out}");
        assert!(out.trim_end().ends_with("0\n    }\n}"), "{out}");
    }

    #[test]
    fn a_diverging_chain_needs_no_label() {
        let out = migrated(
            "fn f(v: &[Option<i32>]) { for o in v { if let Some(x) = o && *x > 2 { continue; } else { g(); } } }",
        );
        assert!(!out.contains("'chain"), "{out}");
        assert!(out.contains("continue;"), "{out}");
    }

    #[test]
    fn a_break_in_the_else_repeats_the_else() {
        let out = migrated(
            "fn f(v: &[Option<i32>]) { for o in v { if let Some(x) = o && *x > 2 { g(); } else { break; } } }",
        );
        assert!(!out.contains("'chain"), "{out}");
        assert_eq!(out.matches("break;").count(), 2, "{out}");
    }

    #[test]
    fn while_let_chains_break_at_each_level() {
        let out =
            migrated("fn f(v: &mut Vec<i32>) { while let Some(x) = v.pop() && x > 0 { g(x); } }");
        assert!(out.contains("while let Some(x) = v.pop() {\n        if x > 0 {\n            g(x);\n        } else {\n            break;"), "{out}");
    }

    #[test]
    fn a_guarded_if_let_drops_its_guard_before_else() {
        let out = migrated(
            "fn f(c: &RefCell<Vec<u8>>) { if let Some(x) = c.borrow().first() { g(*x); } else { c.borrow_mut().push(1); } }",
        );
        assert!(out.contains("'chain: {"), "{out}");
        let plain = migrated("fn f(o: Option<u8>) { if let Some(x) = o { g(x); } else { h(); } }");
        assert!(!plain.contains("'chain"), "{plain}");
    }

    #[test]
    fn a_chain_after_else_is_wrapped_in_a_block() {
        let out = migrated(
            "fn f(a: bool, o: Option<i32>) -> i32 { if a { 1 } else if let Some(x) = o && x > 0 { x } else { 2 } }",
        );
        assert!(out.contains("} else {\n        'chain: {"), "{out}");
    }

    #[test]
    fn a_macro_call_ending_the_block_is_its_value() {
        let out = migrated(
            "fn f(o: Option<i32>) -> Vec<i32> { if let Some(x) = o && x > 0 { m! { x } } else { Vec::new() } }",
        );
        assert!(
            out.contains("break 'chain m! {\n                    x\n                };"),
            "{out}"
        );
    }

    #[test]
    fn nested_chains_get_their_own_labels() {
        let out = migrated(
            "fn f(o: Option<i32>) -> i32 { if let Some(x) = o && x > 0 { if let Some(y) = g(x) && y > 1 { y } else { 3 } } else { 2 } }",
        );
        assert!(out.contains("'chain: {"), "{out}");
        assert!(out.contains("break 'chain ('chain2: {"), "{out}");
    }
}
