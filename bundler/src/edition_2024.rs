//! Edition 2024 code in an edition 2021 bundle.
//!
//! The bundle is compiled as edition 2021. What only edition 2024 accepts, or what it runs
//! differently, is rewritten into the 2021 form that does the same:
//! - let chains (`if let Some(x) = a && x > 0`) become nested `if`s; with an `else`, the
//!   chain runs in a labeled block so that the `else` runs once, after the condition's
//!   temporaries are dropped, as in 2024;
//! - an `if let` with an `else` whose condition locks or borrows (`.borrow()`, `.lock()`...)
//!   drops that guard before the `else` in 2024 and after it in 2021, which panics or
//!   deadlocks at run time: it gets the same labeled block;
//! - a return-position `impl Trait` captures every lifetime in scope in 2024 and only those
//!   it names in 2021: it gets a `+ use<..>` bound naming them, elided lifetimes and
//!   argument-position `impl Trait` named first where that is needed.
//!
//! A temporary at the end of a block that borrows one of the block's locals is fixed later,
//! where rustc finds it (`tail_temporaries`).

use proc_macro2::{Span, TokenStream, TokenTree};
use quote::quote;
use std::collections::BTreeSet;
use syn::punctuated::Punctuated;
use syn::visit::{self, Visit};
use syn::visit_mut::{self, VisitMut};
use syn::{
    parse_quote, Block, Expr, ExprIf, ExprWhile, GenericParam, Generics, Item, Label, Lifetime,
    Stmt, Token, Type,
};

/// Rewrites one edition 2024 crate's items into edition 2021 code that behaves the same.
pub fn migrate(items: &mut [Item]) {
    let mut chains = Chains::default();
    let mut captures = Captures::default();
    for item in items.iter_mut() {
        chains.visit_item_mut(item);
        captures.visit_item_mut(item);
    }
}

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
struct Chains {
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
        let operands = vec![Operand::Let(match *e.cond.clone() {
            Expr::Let(condition) => condition,
            _ => unreachable!("only called for `if let`"),
        })];
        self.lower_if(e, operands)
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

/// The visitor adding `use<..>` to return-position `impl Trait`s of free functions and
/// inherent methods (trait methods capture everything in both editions).
#[derive(Default)]
struct Captures {
    /// The generics of the inherent impl around the current method.
    outer: Option<Generics>,
}

impl VisitMut for Captures {
    fn visit_item_impl_mut(&mut self, item: &mut syn::ItemImpl) {
        if item.trait_.is_some() {
            return;
        }
        name_impl_lifetimes(item);
        let outer = self.outer.replace(item.generics.clone());
        for member in item.items.iter_mut() {
            if let syn::ImplItem::Fn(method) = member {
                capture_all(&mut method.sig, self.outer.as_ref());
            }
        }
        self.outer = outer;
    }

    fn visit_item_fn_mut(&mut self, item: &mut syn::ItemFn) {
        capture_all(&mut item.sig, None);
        visit_mut::visit_block_mut(self, &mut item.block);
    }

    fn visit_item_trait_mut(&mut self, _: &mut syn::ItemTrait) {}
}

/// An inherent impl whose type has `'_` (`impl Parser<'_>`) gets a named lifetime instead,
/// when one of its methods returns an `impl Trait`, so that `use<..>` can name it.
fn name_impl_lifetimes(item: &mut syn::ItemImpl) {
    let returns_impl = item.items.iter().any(
        |member| matches!(member, syn::ImplItem::Fn(method) if returns_impl_trait(&method.sig)),
    );
    if !returns_impl {
        return;
    }
    let mut namer = NameElided::new("'i", &item.generics);
    namer.visit_type_mut(&mut item.self_ty);
    for name in namer.named {
        item.generics.params.insert(0, parse_quote!(#name));
    }
}

fn returns_impl_trait(sig: &syn::Signature) -> bool {
    let syn::ReturnType::Type(_, ty) = &sig.output else {
        return false;
    };
    let mut finder = ImplTraits::default();
    finder.visit_type(ty);
    finder.found > 0
}

/// Counts `impl Trait` types, and whether one already has `use<..>`.
#[derive(Default)]
struct ImplTraits {
    found: usize,
    precise: bool,
}

impl<'ast> Visit<'ast> for ImplTraits {
    fn visit_type_impl_trait(&mut self, ty: &'ast syn::TypeImplTrait) {
        self.found += 1;
        self.precise |= ty
            .bounds
            .iter()
            .any(|b| matches!(b, syn::TypeParamBound::PreciseCapture(_)));
        visit::visit_type_impl_trait(self, ty);
    }

    fn visit_type_bare_fn(&mut self, _: &'ast syn::TypeBareFn) {}
}

/// Names elided lifetimes (`&T`, `&self`, `'_`) with fresh lifetimes, `prefix` then a
/// number, skipping names `generics` already has.
struct NameElided {
    prefix: &'static str,
    taken: BTreeSet<String>,
    named: Vec<Lifetime>,
}

impl NameElided {
    fn new(prefix: &'static str, generics: &Generics) -> Self {
        NameElided {
            prefix,
            taken: generics
                .lifetimes()
                .map(|l| l.lifetime.to_string())
                .collect(),
            named: Vec::new(),
        }
    }

    fn fresh(&mut self) -> Lifetime {
        let mut n = self.named.len();
        loop {
            let name = format!("{}{n}", self.prefix);
            n += 1;
            if self.taken.insert(name.clone()) {
                let lifetime = Lifetime::new(&name, Span::call_site());
                self.named.push(lifetime.clone());
                return lifetime;
            }
        }
    }
}

impl VisitMut for NameElided {
    fn visit_type_reference_mut(&mut self, ty: &mut syn::TypeReference) {
        if ty.lifetime.is_none() {
            ty.lifetime = Some(self.fresh());
        }
        visit_mut::visit_type_reference_mut(self, ty);
    }

    fn visit_lifetime_mut(&mut self, lifetime: &mut Lifetime) {
        if lifetime.ident == "_" {
            *lifetime = self.fresh();
        }
    }

    // Lifetimes inside `fn(..)` types and `Fn(..)` bounds are elided there, not in the
    // signature.
    fn visit_type_bare_fn_mut(&mut self, _: &mut syn::TypeBareFn) {}

    fn visit_parenthesized_generic_arguments_mut(
        &mut self,
        _: &mut syn::ParenthesizedGenericArguments,
    ) {
    }
}

/// The lifetimes a type names, elided ones as `'_`.
#[derive(Default)]
struct Named {
    lifetimes: BTreeSet<String>,
}

impl<'ast> Visit<'ast> for Named {
    fn visit_type_reference(&mut self, ty: &'ast syn::TypeReference) {
        if ty.lifetime.is_none() {
            self.lifetimes.insert("'_".to_string());
        }
        visit::visit_type_reference(self, ty);
    }

    fn visit_lifetime(&mut self, lifetime: &'ast Lifetime) {
        self.lifetimes.insert(lifetime.to_string());
    }

    fn visit_type_bare_fn(&mut self, _: &'ast syn::TypeBareFn) {}

    fn visit_parenthesized_generic_arguments(
        &mut self,
        _: &'ast syn::ParenthesizedGenericArguments,
    ) {
    }
}

/// The elided lifetimes of a signature's inputs, the receiver's included.
fn elided_inputs(sig: &syn::Signature) -> usize {
    let mut count = 0;
    for input in &sig.inputs {
        let ty: &Type = match input {
            syn::FnArg::Receiver(receiver) => {
                if receiver
                    .reference
                    .as_ref()
                    .is_some_and(|(_, l)| l.is_none())
                {
                    count += 1;
                }
                if receiver.colon_token.is_none() {
                    continue;
                }
                &receiver.ty
            }
            syn::FnArg::Typed(typed) => &typed.ty,
        };
        count += count_elided(ty);
    }
    count
}

fn count_elided(ty: &Type) -> usize {
    #[derive(Default)]
    struct Count(usize);
    impl<'ast> Visit<'ast> for Count {
        fn visit_type_reference(&mut self, ty: &'ast syn::TypeReference) {
            self.0 += usize::from(ty.lifetime.is_none());
            visit::visit_type_reference(self, ty);
        }
        fn visit_lifetime(&mut self, lifetime: &'ast Lifetime) {
            self.0 += usize::from(lifetime.ident == "_");
        }
        fn visit_type_bare_fn(&mut self, _: &'ast syn::TypeBareFn) {}
        fn visit_parenthesized_generic_arguments(
            &mut self,
            _: &'ast syn::ParenthesizedGenericArguments,
        ) {
        }
    }
    let mut count = Count::default();
    count.visit_type(ty);
    count.0
}

fn has_apit(sig: &syn::Signature) -> bool {
    sig.inputs.iter().any(|input| match input {
        syn::FnArg::Typed(typed) => {
            let mut finder = ImplTraits::default();
            finder.visit_type(&typed.ty);
            finder.found > 0
        }
        syn::FnArg::Receiver(_) => false,
    })
}

/// Adds `use<..>` naming every generic parameter in scope to each return-position
/// `impl Trait` of `sig`, when some lifetime in scope is not already named by it (otherwise
/// both editions capture the same).
fn capture_all(sig: &mut syn::Signature, outer: Option<&Generics>) {
    let syn::ReturnType::Type(_, output) = &sig.output else {
        return;
    };
    let mut impls = ImplTraits::default();
    impls.visit_type(output);
    if impls.found == 0 || impls.precise {
        return;
    }
    let elided = elided_inputs(sig);
    let mut in_scope: BTreeSet<String> = outer
        .into_iter()
        .chain(std::iter::once(&sig.generics))
        .flat_map(|g| g.lifetimes().map(|l| l.lifetime.to_string()))
        .collect();
    if elided > 0 {
        in_scope.insert("'_".to_string());
    }
    let mut named = Named::default();
    named.visit_type(output);
    if elided <= 1 && in_scope.is_subset(&named.lifetimes) {
        return;
    }
    // `'_` in `use<..>` is the lifetime that output elision picks: the one elided input only
    // when no other input lifetime competes with it.
    let plain_elided = elided == 1 && (elided_receiver(sig) || !names_input_lifetimes(sig));
    if (elided > 0 && !plain_elided) || has_apit(sig) {
        name_signature(sig);
    }
    let mut params: Vec<TokenStream> = Vec::new();
    let mut types: Vec<TokenStream> = Vec::new();
    for generics in outer.into_iter().chain(std::iter::once(&sig.generics)) {
        for param in &generics.params {
            match param {
                GenericParam::Lifetime(l) => {
                    let l = &l.lifetime;
                    params.push(quote!(#l));
                }
                GenericParam::Type(t) => {
                    let t = &t.ident;
                    types.push(quote!(#t));
                }
                GenericParam::Const(c) => {
                    let c = &c.ident;
                    types.push(quote!(#c));
                }
            }
        }
    }
    if elided_inputs(sig) > 0 {
        params.push(quote!('_));
    }
    params.extend(types);
    let bound: syn::TypeParamBound = parse_quote!(use<#(#params),*>);
    let syn::ReturnType::Type(_, output) = &mut sig.output else {
        return;
    };
    AddBound(bound).visit_type_mut(output);
}

fn elided_receiver(sig: &syn::Signature) -> bool {
    matches!(sig.inputs.first(), Some(syn::FnArg::Receiver(r)) if matches!(r.reference, Some((_, None))))
}

/// Whether an input names a lifetime (`&'a T`, `Foo<'a>`), the receiver's included.
fn names_input_lifetimes(sig: &syn::Signature) -> bool {
    sig.inputs.iter().any(|input| {
        let mut named = Named::default();
        match input {
            syn::FnArg::Receiver(r) => named.visit_receiver(r),
            syn::FnArg::Typed(typed) => named.visit_type(&typed.ty),
        }
        named.lifetimes.iter().any(|l| l != "'_")
    })
}

struct AddBound(syn::TypeParamBound);

impl VisitMut for AddBound {
    fn visit_type_impl_trait_mut(&mut self, ty: &mut syn::TypeImplTrait) {
        visit_mut::visit_type_impl_trait_mut(self, ty);
        ty.bounds.push(self.0.clone());
    }

    fn visit_type_bare_fn_mut(&mut self, _: &mut syn::TypeBareFn) {}
}

/// Names what `use<..>` cannot name as written: each elided input lifetime gets a lifetime
/// parameter (elided output lifetimes then take the receiver's, or the only input's), and
/// each argument-position `impl Trait` becomes a type parameter.
fn name_signature(sig: &mut syn::Signature) {
    let mut namer = NameElided::new("'a", &sig.generics);
    let mut receiver: Option<Lifetime> = None;
    for input in sig.inputs.iter_mut() {
        match input {
            syn::FnArg::Receiver(r) => {
                if let Some((_, lifetime)) = &mut r.reference {
                    if lifetime.is_none() {
                        *lifetime = Some(namer.fresh());
                    }
                    receiver = lifetime.clone();
                    if let Type::Reference(ty) = &mut *r.ty {
                        ty.lifetime = lifetime.clone();
                    }
                } else if r.colon_token.is_some() {
                    namer.visit_type_mut(&mut r.ty);
                }
            }
            syn::FnArg::Typed(typed) => namer.visit_type_mut(&mut typed.ty),
        }
    }
    let all_inputs: Vec<Lifetime> = {
        let mut named = Named::default();
        for input in &sig.inputs {
            if let syn::FnArg::Typed(typed) = input {
                named.visit_type(&typed.ty);
            }
        }
        named
            .lifetimes
            .iter()
            .map(|l| Lifetime::new(l, Span::call_site()))
            .collect()
    };
    let output_lifetime = receiver.or_else(|| match all_inputs.as_slice() {
        [only] => Some(only.clone()),
        _ => None,
    });
    let fresh = namer.named;
    for (index, lifetime) in fresh.into_iter().enumerate() {
        sig.generics.params.insert(index, parse_quote!(#lifetime));
    }
    if let (Some(lifetime), syn::ReturnType::Type(_, output)) = (output_lifetime, &mut sig.output) {
        OutputLifetime(lifetime).visit_type_mut(output);
    }
    let mut apit = Apit {
        taken: sig
            .generics
            .type_params()
            .map(|t| t.ident.to_string())
            .collect(),
        params: Vec::new(),
    };
    for input in sig.inputs.iter_mut() {
        if let syn::FnArg::Typed(typed) = input {
            apit.visit_type_mut(&mut typed.ty);
        }
    }
    for param in apit.params {
        sig.generics.params.push(param);
    }
    if sig.generics.lt_token.is_none() && !sig.generics.params.is_empty() {
        sig.generics.lt_token = Some(Default::default());
        sig.generics.gt_token = Some(Default::default());
    }
}

/// Gives elided output lifetimes the lifetime that elision chose.
struct OutputLifetime(Lifetime);

impl VisitMut for OutputLifetime {
    fn visit_type_reference_mut(&mut self, ty: &mut syn::TypeReference) {
        if ty.lifetime.is_none() {
            ty.lifetime = Some(self.0.clone());
        }
        visit_mut::visit_type_reference_mut(self, ty);
    }

    fn visit_lifetime_mut(&mut self, lifetime: &mut Lifetime) {
        if lifetime.ident == "_" {
            *lifetime = self.0.clone();
        }
    }

    fn visit_type_bare_fn_mut(&mut self, _: &mut syn::TypeBareFn) {}

    fn visit_parenthesized_generic_arguments_mut(
        &mut self,
        _: &mut syn::ParenthesizedGenericArguments,
    ) {
    }
}

/// Turns argument-position `impl Trait` into type parameters `I0`, `I1`...
struct Apit {
    taken: BTreeSet<String>,
    params: Vec<GenericParam>,
}

impl VisitMut for Apit {
    fn visit_type_mut(&mut self, ty: &mut Type) {
        visit_mut::visit_type_mut(self, ty);
        let Type::ImplTrait(impl_trait) = ty else {
            return;
        };
        let mut n = self.params.len();
        let name = loop {
            let name = format!("I{n}");
            n += 1;
            if self.taken.insert(name.clone()) {
                break syn::Ident::new(&name, Span::call_site());
            }
        };
        let bounds: Punctuated<syn::TypeParamBound, Token![+]> = impl_trait.bounds.clone();
        self.params.push(parse_quote!(#name: #bounds));
        *ty = parse_quote!(#name);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn migrated(source: &str) -> String {
        let mut file: syn::File = syn::parse_str(source).unwrap();
        migrate(&mut file.items);
        prettyplease::unparse(&file)
    }

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
    fn nested_chains_get_their_own_labels() {
        let out = migrated(
            "fn f(o: Option<i32>) -> i32 { if let Some(x) = o && x > 0 { if let Some(y) = g(x) && y > 1 { y } else { 3 } } else { 2 } }",
        );
        assert!(out.contains("'chain: {"), "{out}");
        assert!(out.contains("break 'chain ('chain2: {"), "{out}");
    }

    #[test]
    fn return_position_impl_trait_captures_the_receiver() {
        let out = migrated(
            "struct S(Vec<u8>); impl S { fn evens(&self) -> impl Iterator<Item = u8> { self.0.iter().copied() } fn all(&self) -> impl Iterator<Item = &u8> { self.0.iter() } }",
        );
        assert!(
            out.contains("-> impl Iterator<Item = u8> + use<'_>"),
            "{out}"
        );
        assert!(out.contains("-> impl Iterator<Item = &u8> {"), "{out}");
    }

    #[test]
    fn two_elided_inputs_are_named() {
        let out = migrated(
            "fn both(x: &[u8], y: &[u8]) -> impl Iterator<Item = u8> { x.iter().chain(y).copied() }",
        );
        assert!(out.contains("fn both<'a0, 'a1>(\n    x: &'a0 [u8],\n    y: &'a1 [u8],\n) -> impl Iterator<Item = u8> + use<'a0, 'a1>"), "{out}");
    }

    #[test]
    fn argument_position_impl_trait_becomes_a_parameter() {
        let out = migrated(
            "fn apit<T: Copy>(x: &[T], f: impl Fn(T) -> T) -> impl Iterator<Item = T> { x.iter().map(move |&b| f(b)) }",
        );
        assert!(out.contains("fn apit<'a0, T: Copy, I0: Fn(T) -> T>(\n    x: &'a0 [T],\n    f: I0,\n) -> impl Iterator<Item = T> + use<'a0, T, I0>"), "{out}");
    }

    #[test]
    fn impl_lifetimes_are_captured() {
        let out = migrated(
            "struct W<'a>(&'a [u8]); impl<'a> W<'a> { fn it(&self) -> impl Iterator<Item = u8> { self.0.iter().copied() } } impl W<'_> { fn it2(&self) -> impl Iterator<Item = u8> { self.0.iter().copied() } } trait T { fn t(&self) -> impl Iterator<Item = u8>; }",
        );
        assert!(
            out.contains("fn it(&self) -> impl Iterator<Item = u8> + use<'a, '_>"),
            "{out}"
        );
        assert!(out.contains("impl<'i0> W<'i0>"), "{out}");
        assert!(
            out.contains("fn it2(&self) -> impl Iterator<Item = u8> + use<'i0, '_>"),
            "{out}"
        );
        assert!(
            out.contains("fn t(&self) -> impl Iterator<Item = u8>;"),
            "{out}"
        );
    }

    #[test]
    fn without_lifetimes_nothing_changes() {
        let out =
            migrated("fn f<T: Clone>(v: Vec<T>) -> impl Iterator<Item = T> { v.into_iter() }");
        assert!(!out.contains("use<"), "{out}");
    }
}
