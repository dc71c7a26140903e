//! One word per game term: the glossary (`docs/glossary.md`) names, for French and Italian, the
//! words a message must not use (a synonym of the chosen term, an English word, a calque); no
//! message of those languages uses one, but for the exceptions the glossary lists with a reason.

use std::collections::BTreeMap;
use std::path::PathBuf;

use fluent_syntax::ast;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The rows of the markdown table under `heading`, as cells.
fn table(text: &str, heading: &str) -> Vec<Vec<String>> {
    let start = text
        .find(heading)
        .unwrap_or_else(|| panic!("the glossary has no '{heading}'"));
    text[start..]
        .lines()
        .skip(1)
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .skip(2)
        .map(|l| {
            l.trim_matches('|')
                .split('|')
                .map(|c| c.trim().to_string())
                .collect()
        })
        .collect()
}

/// Every message of a language: id → its text (value and attributes, variables left out).
fn messages(code: &str) -> BTreeMap<String, String> {
    let mut all = BTreeMap::new();
    let folder = root().join("assets/locales").join(code);
    for entry in std::fs::read_dir(&folder).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ftl") {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        let resource = fluent_syntax::parser::parse(source.as_str()).unwrap();
        for entry in resource.body {
            if let ast::Entry::Message(m) = entry {
                let mut text = String::new();
                if let Some(value) = &m.value {
                    pattern_text(value, &mut text);
                }
                for attribute in &m.attributes {
                    pattern_text(&attribute.value, &mut text);
                }
                all.insert(m.id.name.to_string(), text);
            }
        }
    }
    all
}

fn pattern_text(pattern: &ast::Pattern<&str>, out: &mut String) {
    for element in &pattern.elements {
        match element {
            ast::PatternElement::TextElement { value } => out.push_str(value),
            ast::PatternElement::Placeable { expression } => expression_text(expression, out),
        }
    }
    out.push(' ');
}

fn expression_text(expression: &ast::Expression<&str>, out: &mut String) {
    match expression {
        ast::Expression::Select { variants, .. } => {
            for variant in variants {
                pattern_text(&variant.value, out);
            }
        }
        ast::Expression::Inline(ast::InlineExpression::StringLiteral { value }) => {
            out.push_str(value)
        }
        ast::Expression::Inline(ast::InlineExpression::Placeable { expression }) => {
            expression_text(expression, out)
        }
        ast::Expression::Inline(_) => {}
    }
}

/// Whether a word of `text` begins with `stem` (case-insensitive); `stem$` is a whole word.
fn uses(text: &str, stem: &str) -> bool {
    let text = text.to_lowercase();
    let (stem, whole) = match stem.strip_suffix('$') {
        Some(word) => (word.to_lowercase(), true),
        None => (stem.to_lowercase(), false),
    };
    let not_letter = |c: Option<char>| c.is_none_or(|c| !c.is_alphanumeric());
    text.match_indices(&stem).any(|(at, _)| {
        not_letter(text[..at].chars().next_back())
            && (!whole || not_letter(text[at + stem.len()..].chars().next()))
    })
}

/// The glossary's forbidden words per language column (4 = French, 5 = Italian).
fn forbidden(rows: &[Vec<String>], column: usize) -> Vec<(String, String)> {
    rows.iter()
        .flat_map(|row| {
            let term = row[0].clone();
            row.get(column)
                .into_iter()
                .flat_map(|cell| cell.split(','))
                .map(str::trim)
                .filter(|w| !w.is_empty())
                .map(move |w| (term.clone(), w.to_string()))
                .collect::<Vec<_>>()
        })
        .collect()
}

#[test]
fn french_and_italian_messages_use_the_glossarys_words() {
    let glossary = std::fs::read_to_string(root().join("docs/glossary.md")).unwrap();
    let terms = table(&glossary, "## Terms");
    assert!(terms.len() >= 10, "{} terms", terms.len());
    let allowed: Vec<(String, String)> = table(&glossary, "## Allowed exceptions")
        .into_iter()
        .map(|row| (row[0].clone(), row[1].to_lowercase()))
        .collect();
    let mut problems = Vec::new();
    for (code, column) in [("fr", 4), ("it", 5)] {
        let words = forbidden(&terms, column);
        for (id, text) in messages(code) {
            for (term, word) in &words {
                let excused = allowed.iter().any(|(a, w)| {
                    *a == id && w.starts_with(&word.trim_end_matches('$').to_lowercase())
                });
                if uses(&text, word) && !excused {
                    problems.push(format!("{code} {id}: '{word}' (the glossary's {term})"));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_check_finds_a_forbidden_word_at_a_words_start_only() {
    assert!(uses("Les pions sont connectés.", "connect"));
    assert!(uses("Connexion simultanée", "connex"));
    assert!(!uses("interconnecté", "connect"));
    assert!(uses("Epaminonda,", "Epaminonda$"));
    assert!(!uses("Epaminondas", "Epaminonda$"));
}
