//! `cfg_if!` (the cfg-if crate) and `cfg_select!` (std) in item position, written out as the
//! items they choose between, each under the `#[cfg]` of its branch. Their `mod x;` items are
//! then followed like any other, and [`crate::cfg`] decides or simplifies the predicates.

use quote::quote;
use syn::parse::{ParseStream, Parser};
use syn::{Attribute, Item, Meta, Token};

/// One branch: its own predicate (`None` for the last `else` or `_`) and its items.
type Branch = (Option<Meta>, Vec<Item>);

/// Expands every `cfg_if!`/`cfg_select!` item call among `items`, in inline modules too. A call
/// that does not parse as either is left as it is, for rustc.
pub fn expand(items: &mut Vec<Item>) {
    let mut index = 0;
    while index < items.len() {
        if let Item::Mod(module) = &mut items[index] {
            if let Some((_, children)) = &mut module.content {
                expand(children);
            }
        }
        let parsed = match &items[index] {
            Item::Macro(call) if call.ident.is_none() => match macro_kind(&call.mac.path) {
                Some(Kind::If) => Parser::parse2(parse_if, call.mac.tokens.clone()).ok(),
                Some(Kind::Select) => Parser::parse2(parse_select, call.mac.tokens.clone()).ok(),
                None => None,
            }
            .map(|branches| (call.attrs.clone(), branches)),
            _ => None,
        };
        let Some((outer, branches)) = parsed else {
            index += 1;
            continue;
        };
        let mut expanded = Vec::new();
        let mut earlier: Vec<Meta> = Vec::new();
        for (predicate, branch_items) in branches {
            let condition = match &predicate {
                Some(own) => quote!(all(#(not(#earlier),)* #own)),
                None => quote!(all(#(not(#earlier)),*)),
            };
            for mut item in branch_items {
                let attr: Attribute = syn::parse_quote!(#[cfg(#condition)]);
                // The call's own attributes (a `cfg` of an enclosing branch) come first.
                if let Some(attrs) = crate::cfg::item_attrs_mut(&mut item) {
                    attrs.splice(0..0, outer.iter().cloned().chain([attr]));
                }
                expanded.push(item);
            }
            earlier.extend(predicate);
        }
        // The branches may hold further calls: they are looked at next.
        items.splice(index..=index, expanded);
    }
}

enum Kind {
    If,
    Select,
}

fn macro_kind(path: &syn::Path) -> Option<Kind> {
    let names: Vec<String> = path.segments.iter().map(|s| s.ident.to_string()).collect();
    match names
        .iter()
        .map(String::as_str)
        .collect::<Vec<_>>()
        .as_slice()
    {
        ["cfg_if"] | ["cfg_if", "cfg_if"] => Some(Kind::If),
        ["cfg_select"] | ["std" | "core", "cfg_select"] => Some(Kind::Select),
        _ => None,
    }
}

/// The items of one `{ ... }` branch.
fn branch_items(input: ParseStream) -> syn::Result<Vec<Item>> {
    let content;
    syn::braced!(content in input);
    let mut items = Vec::new();
    while !content.is_empty() {
        items.push(content.parse()?);
    }
    Ok(items)
}

/// `#[cfg(pred)]`, as cfg-if writes each condition.
fn cfg_predicate(input: ParseStream) -> syn::Result<Meta> {
    let attrs = input.call(Attribute::parse_outer)?;
    match attrs.as_slice() {
        [attr] if attr.path().is_ident("cfg") => attr.parse_args(),
        _ => Err(input.error("expected one #[cfg(...)]")),
    }
}

/// `if #[cfg(a)] { ... } else if #[cfg(b)] { ... } else { ... }`.
fn parse_if(input: ParseStream) -> syn::Result<Vec<Branch>> {
    let mut branches = Vec::new();
    input.parse::<Token![if]>()?;
    loop {
        let predicate = cfg_predicate(input)?;
        branches.push((Some(predicate), branch_items(input)?));
        if input.is_empty() {
            return Ok(branches);
        }
        input.parse::<Token![else]>()?;
        if input.peek(Token![if]) {
            input.parse::<Token![if]>()?;
            continue;
        }
        branches.push((None, branch_items(input)?));
        return if input.is_empty() {
            Ok(branches)
        } else {
            Err(input.error("tokens after the last branch"))
        };
    }
}

/// `a => { ... } b => { ... } _ => { ... }`, commas between branches allowed.
fn parse_select(input: ParseStream) -> syn::Result<Vec<Branch>> {
    let mut branches = Vec::new();
    while !input.is_empty() {
        let predicate = if input.peek(Token![_]) {
            input.parse::<Token![_]>()?;
            None
        } else {
            Some(input.parse::<Meta>()?)
        };
        input.parse::<Token![=>]>()?;
        branches.push((predicate, branch_items(input)?));
        if input.peek(Token![,]) {
            input.parse::<Token![,]>()?;
        }
    }
    Ok(branches)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn expanded(source: &str) -> String {
        let mut file = syn::parse_file(source).expect("parses");
        expand(&mut file.items);
        let items = &file.items;
        quote!(#(#items)*).to_string()
    }

    #[test]
    fn cfg_if_chain_becomes_cfg_attributes() {
        let text = expanded(
            "cfg_if::cfg_if! { if #[cfg(unix)] { mod a; fn f() {} } else if #[cfg(windows)] { mod b; } else { mod c; } }",
        );
        assert_eq!(
            text,
            "# [cfg (all (unix))] mod a ; # [cfg (all (unix))] fn f () { } \
             # [cfg (all (not (unix) , windows))] mod b ; \
             # [cfg (all (not (unix) , not (windows)))] mod c ;"
        );
    }

    #[test]
    fn cfg_select_arms_and_default() {
        let text = expanded(
            "cfg_select! { all(target_feature = \"sse2\", target_arch = \"x86_64\") => { mod sse2; } _ => { mod generic; } }",
        );
        assert_eq!(
            text,
            "# [cfg (all (all (target_feature = \"sse2\" , target_arch = \"x86_64\")))] mod sse2 ; \
             # [cfg (all (not (all (target_feature = \"sse2\" , target_arch = \"x86_64\"))))] mod generic ;"
        );
    }

    #[test]
    fn nested_calls_keep_the_enclosing_branch() {
        let text = expanded(
            "cfg_if! { if #[cfg(unix)] { cfg_if! { if #[cfg(feature = \"x\")] { fn g() {} } } } }",
        );
        assert_eq!(
            text,
            "# [cfg (all (unix))] # [cfg (all (feature = \"x\"))] fn g () { }"
        );
    }

    #[test]
    fn other_macros_and_odd_calls_stay() {
        let source = "other! { if #[cfg(unix)] { mod a; } } cfg_if! { something else }";
        assert_eq!(
            expanded(source),
            quote!(other! { if #[cfg(unix)] { mod a; } } cfg_if! { something else }).to_string()
        );
    }
}
