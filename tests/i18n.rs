//! The languages: every message exists in every language with the same placeholders, every key
//! the code uses exists (with the arguments the message expects), every notice and sentence can
//! be said in every language, and changing the language at run time changes the words.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use fluent_syntax::ast;
use gamut::ai::Standing;
use gamut::i18n::{I18nPlugin, Words};
use gamut::model::{
    CLIPBOARD, Cell, CurrentGame, FileProblem, FileTrouble, GameEnd, GameSettings, Language,
    MoveRequest, Notice, Player, Presentation, Refusal, Seat,
};
use gamut::play::status::IdleHelp;
use gamut::ui::text;
use gamut_engine::any_game::{GameConfig, GameKind};
use gamut_engine::epaminondas::{self, BoardSize};
use gamut_engine::level::Level;
use gamut_engine::loa::{self, PieceSet, SimultaneousConnection, Variant};
use gamut_engine::record::GameResult;
use gamut_engine::search::Score;
use gamut_engine::{Color as Side, DrawReason, Outcome, WinReason, boundless};

fn locales() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/locales")
}

/// Each message of a language and the variables it uses, file by file (`interface.ftl`).
type Catalogue = BTreeMap<String, BTreeMap<String, BTreeSet<String>>>;

fn catalogue(language: Language) -> Catalogue {
    let folder = locales().join(language.code());
    let mut files = Catalogue::new();
    for entry in std::fs::read_dir(&folder).expect("the language's folder") {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ftl") {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        let resource = fluent_syntax::parser::parse(source.as_str())
            .unwrap_or_else(|(_, errors)| panic!("{} does not parse: {errors:?}", path.display()));
        let mut messages = BTreeMap::new();
        for entry in resource.body {
            match entry {
                ast::Entry::Message(m) => {
                    let mut vars = BTreeSet::new();
                    if let Some(value) = &m.value {
                        pattern_vars(value, &mut vars);
                    }
                    for attribute in &m.attributes {
                        pattern_vars(&attribute.value, &mut vars);
                    }
                    let id = m.id.name.to_string();
                    assert!(
                        messages.insert(id.clone(), vars).is_none(),
                        "{id} twice in {}",
                        path.display()
                    );
                }
                ast::Entry::Junk { content } => {
                    panic!("{}: cannot parse {content}", path.display())
                }
                _ => {}
            }
        }
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        files.insert(name, messages);
    }
    files
}

fn pattern_vars(pattern: &ast::Pattern<&str>, vars: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_vars(expression, vars);
        }
    }
}

fn expression_vars(expression: &ast::Expression<&str>, vars: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_vars(selector, vars);
            for variant in variants {
                pattern_vars(&variant.value, vars);
            }
        }
        ast::Expression::Inline(inline) => inline_vars(inline, vars),
    }
}

fn inline_vars(inline: &ast::InlineExpression<&str>, vars: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            vars.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            for a in &arguments.positional {
                inline_vars(a, vars);
            }
            for a in &arguments.named {
                inline_vars(&a.value, vars);
            }
        }
        ast::InlineExpression::Placeable { expression } => expression_vars(expression, vars),
        _ => {}
    }
}

fn all_messages(catalogue: &Catalogue) -> BTreeMap<String, BTreeSet<String>> {
    catalogue
        .values()
        .flatten()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

#[test]
fn every_message_exists_in_every_language_with_the_same_placeholders() {
    let english = catalogue(Language::English);
    assert!(
        all_messages(&english).len() > 100,
        "the English messages are read"
    );
    for language in [Language::French, Language::Italian] {
        let other = catalogue(language);
        let code = language.code();
        assert_eq!(
            english.keys().collect::<Vec<_>>(),
            other.keys().collect::<Vec<_>>(),
            "{code}: the same files as English"
        );
        for (file, messages) in &english {
            let theirs = &other[file];
            let missing: Vec<_> = messages
                .keys()
                .filter(|k| !theirs.contains_key(*k))
                .collect();
            let extra: Vec<_> = theirs
                .keys()
                .filter(|k| !messages.contains_key(*k))
                .collect();
            assert!(missing.is_empty(), "{code}/{file} lacks {missing:?}");
            assert!(
                extra.is_empty(),
                "{code}/{file} has messages English lacks: {extra:?}"
            );
            for (id, vars) in messages {
                assert_eq!(&theirs[id], vars, "{code}/{file}: {id}'s placeholders");
            }
        }
    }
}

/// The game's source files (without their tests), by path.
fn sources() -> Vec<(PathBuf, String)> {
    fn walk(dir: &Path, out: &mut Vec<(PathBuf, String)>) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                walk(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).unwrap();
                let code = match text.find("#[cfg(test)]") {
                    Some(at) => &text[..at],
                    None => &text,
                };
                // Without comments (their examples are not keys the code uses).
                let code: String = code
                    .lines()
                    .filter(|line| !line.trim_start().starts_with("//"))
                    .map(|line| format!("{line}\n"))
                    .collect();
                out.push((path, code));
            }
        }
    }
    let mut out = Vec::new();
    walk(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"), &mut out);
    out
}

/// The string literals of some Rust code.
fn literals(code: &str) -> Vec<&str> {
    let mut found = Vec::new();
    let mut rest = code;
    while let Some(start) = rest.find('"') {
        let after = &rest[start + 1..];
        let mut end = 0;
        let bytes = after.as_bytes();
        while end < bytes.len() && bytes[end] != b'"' {
            end += if bytes[end] == b'\\' { 2 } else { 1 };
        }
        found.push(&after[..end.min(after.len())]);
        rest = &after[(end + 1).min(after.len())..];
    }
    found
}

fn looks_like_key(s: &str) -> bool {
    s.contains('-')
        && s.split('-').all(|part| {
            !part.is_empty()
                && part
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit())
        })
}

/// Each `t_with("key", [("name", …), …])` of the code: the key and the argument names.
fn calls_with_arguments(code: &str) -> Vec<(String, BTreeSet<String>)> {
    let mut calls = Vec::new();
    for (at, _) in code.match_indices("t_with(") {
        let call = &code[at + "t_with(".len()..];
        let Some(key) = literals(call).first().map(|k| k.to_string()) else {
            continue;
        };
        if !call.trim_start().starts_with('"') {
            // A key chosen by a `match` (its literals are checked by the key scan).
            continue;
        }
        // The argument array: names of the tuples directly inside it.
        let Some(open) = call.find('[') else { continue };
        let mut depth = 0;
        let mut names = BTreeSet::new();
        let mut in_string = false;
        let bytes = call.as_bytes();
        let mut i = open;
        while i < bytes.len() {
            let b = bytes[i];
            if in_string {
                if b == b'\\' {
                    i += 1;
                } else if b == b'"' {
                    in_string = false;
                }
            } else {
                match b {
                    b'"' => in_string = true,
                    b'[' | b'(' | b'{' => {
                        if b == b'(' && depth == 1 {
                            let tuple = call[i + 1..].trim_start();
                            if let Some(name) = literals(tuple).first()
                                && tuple.starts_with('"')
                            {
                                names.insert(name.to_string());
                            }
                        }
                        depth += 1;
                    }
                    b']' | b')' | b'}' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
            }
            i += 1;
        }
        calls.push((key, names));
    }
    calls
}

#[test]
fn every_key_the_code_uses_exists_with_its_arguments_and_every_message_is_used() {
    let english = all_messages(&catalogue(Language::English));
    let sources = sources();
    let mut used = BTreeSet::new();
    for (path, code) in &sources {
        let words_code = path
            .components()
            .any(|c| c.as_os_str() == "ui" || c.as_os_str() == "i18n");
        for literal in literals(code) {
            used.insert(literal.to_string());
            if words_code && looks_like_key(literal) {
                assert!(
                    english.contains_key(literal),
                    "{}: no message {literal:?} in English",
                    path.display()
                );
            }
        }
        for (key, names) in calls_with_arguments(code) {
            let Some(vars) = english.get(&key) else {
                panic!("{}: no message {key:?} in English", path.display());
            };
            assert_eq!(
                &names,
                vars,
                "{}: the arguments given to {key}",
                path.display()
            );
        }
    }
    let calls: usize = sources
        .iter()
        .map(|(_, c)| calls_with_arguments(c).len())
        .sum();
    assert!(calls > 40, "the calls with arguments are found ({calls})");
    let unused: Vec<_> = english.keys().filter(|k| !used.contains(*k)).collect();
    assert!(unused.is_empty(), "messages no code uses: {unused:?}");
}

/// The calls that show the text given them first: a label, a button, a heading, a tooltip.
const WIDGETS: [&str; 8] = [
    "label(",
    "RichText::new(",
    "button(",
    "Button::new(",
    "heading(",
    "Label::new(",
    "hover_text(",
    "checkbox(",
];

/// The string literal given first to each widget call of some code (`ui.label("Draw")`).
fn widget_literals(code: &str) -> Vec<&str> {
    let mut found = Vec::new();
    for widget in WIDGETS {
        for (at, _) in code.match_indices(widget) {
            let argument = code[at + widget.len()..].trim_start();
            if argument.starts_with('"')
                && let Some(literal) = literals(argument).first()
            {
                found.push(*literal);
            }
        }
    }
    found
}

/// The code without the log's and the terminal's macros (`warn!(…)`, `eprintln!(…)`), where the
/// system's English belongs.
fn without_logs(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    loop {
        let next = [
            "warn!(",
            "info!(",
            "error!(",
            "debug!(",
            "eprintln!(",
            "println!(",
        ]
        .iter()
        .filter_map(|m| rest.find(m).map(|at| (at, m.len())))
        .min();
        let Some((at, len)) = next else {
            out.push_str(rest);
            return out;
        };
        out.push_str(&rest[..at]);
        let mut depth = 1;
        let mut end = at + len;
        for (i, c) in rest[at + len..].char_indices() {
            depth += match c {
                '(' => 1,
                ')' => -1,
                _ => 0,
            };
            if depth == 0 {
                end = at + len + i + 1;
                break;
            }
        }
        rest = &rest[end.max(at + len)..];
    }
}

/// Where some code turns an error into text (`e.to_string()`, `format!("… {e}")`).
fn error_texts(code: &str) -> Vec<String> {
    let code = without_logs(code);
    let mut found = Vec::new();
    for name in ["e", "err", "error", "source"] {
        for pattern in [format!("{name}.to_string()"), format!("{{{name}}}")] {
            for (at, _) in code.match_indices(&pattern) {
                let before = code[..at].chars().next_back().unwrap_or(' ');
                if !before.is_alphanumeric() && before != '_' {
                    found.push(pattern.clone());
                }
            }
        }
    }
    found
}

/// The files whose errors are for the terminal or the developer, not the player: the command
/// line's arguments, the developer tools.
fn errors_for_the_terminal(path: &Path) -> bool {
    let path = path.to_string_lossy().replace('\\', "/");
    [
        "src/args.rs",
        "src/main.rs",
        "src/dev/",
        "src/model/setup.rs",
    ]
    .iter()
    .any(|p| path.contains(p))
}

/// What the player reads comes from the Fluent files: no widget is given a literal word (only
/// symbols, or the game's name), and no error's English (`e.to_string()`) is turned into text
/// outside the log.
#[test]
fn no_literal_words_in_widgets_and_no_error_text_for_the_player() {
    let mut leaks = Vec::new();
    let mut widgets = 0;
    for (path, code) in sources() {
        for literal in widget_literals(&code) {
            widgets += 1;
            if literal.chars().any(char::is_alphabetic) && literal != "GAMUT" {
                leaks.push(format!("{}: a widget says {literal:?}", path.display()));
            }
        }
        if !errors_for_the_terminal(&path) {
            for text in error_texts(&code) {
                leaks.push(format!("{}: an error as text, {text}", path.display()));
            }
        }
    }
    assert!(widgets > 3, "the widgets' literals are found ({widgets})");
    assert!(leaks.is_empty(), "{}", leaks.join("\n"));
}

#[test]
fn the_source_checks_find_what_they_look_for() {
    let code = r#"ui.label("Draw"); ui.label( "–" ); egui::RichText::new("Next game").size(3.0);
        warn!("cannot read {}: {e}", p); let a = e.to_string(); let b = line.to_string();
        eprintln!("gamut: {}", error.to_string()); let c = format!("x {err}");"#;
    assert_eq!(widget_literals(code), vec!["Draw", "–", "Next game"]);
    assert_eq!(error_texts(code), vec!["e.to_string()", "{err}"]);
}

fn loa_square(name: &str) -> loa::Square {
    loa::Square::parse(name).unwrap()
}

fn epaminondas_square(name: &str) -> epaminondas::Square {
    epaminondas::Square::parse(name).unwrap()
}

/// Every reason the rules give for refusing a move.
fn refusals() -> Vec<Refusal> {
    let (a, b) = (loa_square("b1"), loa_square("d3"));
    let (ea, eb) = (epaminondas_square("a1"), epaminondas_square("a3"));
    let (pa, pb) = (boundless::Point::new(0, 0), boundless::Point::new(-2, 1));
    let mut all = vec![
        Refusal::GameOver(GameEnd::Resigned(Side::Black)),
        Refusal::OffBoard(Cell::new(9, 9)),
        Refusal::NothingToPlace,
    ];
    use epaminondas::IllegalMove as E;
    use loa::IllegalMove as L;
    all.extend(
        [
            L::GameOver,
            L::NoPiece(a),
            L::NotYourPiece(a),
            L::SameSquare,
            L::NotOnALine { from: a, to: b },
            L::WrongDistance { from: a, needed: 1 },
            L::WrongDistance { from: a, needed: 3 },
            L::Blocked(a),
            L::OwnPiece(b),
            L::PassNotAllowed,
            L::WrongSet {
                square: a,
                set: PieceSet::Plain,
                other: PieceSet::Marked,
            },
            L::WrongSet {
                square: a,
                set: PieceSet::Marked,
                other: PieceSet::Plain,
            },
            L::PlacementMissing,
            L::NothingToPlace,
            L::PlacementNotEmpty(b),
        ]
        .map(Refusal::LinesOfAction),
    );
    all.extend(
        [
            E::GameOver,
            E::OffBoard(ea),
            E::NoStone(ea),
            E::NotYourStone(ea),
            E::SameSquare,
            E::NotOnALine { tail: ea, to: eb },
            E::InsidePhalanx { to: eb, head: eb },
            E::TooFar { stones: 1 },
            E::TooFar { stones: 3 },
            E::OwnStone(eb),
            E::Blocked(eb),
            E::SingleStoneCannotCapture,
            E::RowTooLong { stones: 2, row: 2 },
            E::Symmetric,
            E::PassNotAllowed,
        ]
        .map(Refusal::Epaminondas),
    );
    use boundless::IllegalMove as B;
    all.extend(
        [
            B::GameOver,
            B::NoPiece(pa),
            B::NotYourPiece(pa),
            B::SameSquare,
            B::NotOnALine { from: pa, to: pb },
            B::WrongDistance {
                from: pa,
                needed: 2,
            },
            B::Blocked(pb),
            B::OwnPiece(pb),
            B::PassNotAllowed,
        ]
        .map(Refusal::Boundless),
    );
    all
}

fn endings() -> Vec<GameEnd> {
    let mut all: Vec<GameEnd> = [
        WinReason::Connected,
        WinReason::ConnectedByOpponent,
        WinReason::BothConnectedMoverWins,
        WinReason::HomeRow,
        WinReason::NoStones,
    ]
    .into_iter()
    .map(|reason| {
        GameEnd::Rules(Outcome::Win {
            winner: Side::White,
            reason,
        })
    })
    .collect();
    for reason in [DrawReason::BothConnected, DrawReason::Repetition] {
        all.push(GameEnd::Rules(Outcome::Draw { reason }));
    }
    all.push(GameEnd::Resigned(Side::White));
    all
}

/// Every notice the game can post.
fn notices() -> Vec<Notice> {
    let (c1, c2) = (Cell::new(1, 0), Cell::new(3, 2));
    let seat = Seat {
        side: Side::White,
        marked: true,
    };
    let record_error = gamut_engine::record::Record::parse("[Game \"Go\"]").unwrap_err();
    let mut all = vec![
        Notice::NewGame,
        Notice::ColoursDrawn {
            you: Some(Side::White),
            swapped: true,
        },
        Notice::ColoursDrawn {
            you: None,
            swapped: true,
        },
        Notice::ColoursDrawn {
            you: None,
            swapped: false,
        },
        Notice::MoveTakenBack { moves: 1 },
        Notice::MoveTakenBack { moves: 2 },
        Notice::NothingToTakeBack,
        Notice::MoveReplayed,
        Notice::NothingToRedo,
        Notice::NotYourTurnYet,
        Notice::ComputersTurn(seat),
        Notice::SelectOwnPiece(seat),
        Notice::NoMoveForPiece(c1),
        Notice::UnreadableMove("b1-zz".into()),
        Notice::Passed(Side::Black),
        Notice::MustPlaceOnly(Side::Black),
        Notice::ChoosePlacement {
            from: c1,
            to: c2,
            holder: Side::White,
        },
        Notice::PlacementNotEmpty(c2),
        Notice::LookingForHint,
        Notice::Hint("b1-d3".into()),
        Notice::ForcedWin {
            winner: Side::White,
            moves: 2,
            line: vec![
                "b4-b2".into(),
                "c5-b4".into(),
                "e1-f2".into(),
                "a2-a3".into(),
            ],
        },
        Notice::ForcedWin {
            winner: Side::Black,
            moves: 1,
            line: vec!["c1-d2".into()],
        },
        Notice::Saved("Friday".into()),
        Notice::Opened("friday.json".into()),
        Notice::Opened(CLIPBOARD.into()),
        Notice::Resumed,
        Notice::NothingToResume,
        Notice::CannotOpen {
            file: CLIPBOARD.into(),
            problem: FileProblem::Record(Box::new(record_error)),
        },
        Notice::CannotOpen {
            file: "x.json".into(),
            problem: FileProblem::Unreadable(FileTrouble::Missing),
        },
        Notice::CannotSave {
            file: "x.json".into(),
            problem: FileTrouble::DiskFull,
        },
        Notice::DataFile(gamut::model::FileReport {
            file: gamut::model::DataFile::Autosave,
            name: "autosave.json".into(),
            fate: gamut::model::Fate::SetAside {
                kept_as: "autosave.bad-1.json".into(),
                why: FileProblem::Unreadable(FileTrouble::NotJson { line: 1, column: 2 }),
                salvaged: 0,
            },
        }),
        Notice::DataFile(gamut::model::FileReport {
            file: gamut::model::DataFile::Settings,
            name: "settings.json".into(),
            fate: gamut::model::Fate::LeftAlone {
                why: FileProblem::Unreadable(FileTrouble::NoPermission),
            },
        }),
    ];
    for why in refusals() {
        all.push(Notice::Refused(MoveRequest::step(c1, c2), why));
    }
    for end in endings() {
        all.push(Notice::GameOver(end));
    }
    all
}

/// What the proof search settled, in words: a forced win (one move and more), a position that
/// cannot be lost, a win let go.
fn proven_sentences(w: &Words) -> Vec<String> {
    use gamut::engine_jobs::Settled;
    use gamut::ui::proven;
    let mut out = Vec::new();
    for (side, moves) in [(Side::Black, 1), (Side::White, 5)] {
        let settled = Settled::Win {
            winner: side,
            moves,
            line: Vec::new(),
            shortest: true,
        };
        out.extend(proven::settled(w, &settled));
        out.extend(proven::from_here(w, &settled));
        out.push(proven::win_let_go(w, "e1xe4", side, moves));
    }
    out.extend(proven::settled(w, &Settled::Drawn));
    out.extend(proven::from_here(w, &Settled::Drawn));
    out.push(w.t("proof-searching"));
    out.push(w.t("proof-unknown"));
    out.push(w.t("proof-line-tip"));
    out
}

/// Every sentence the `text` functions build, for one language.
fn every_sentence(w: &Words) -> Vec<String> {
    let mut out = Vec::new();
    for notice in notices() {
        for kind in [GameKind::LinesOfAction, GameKind::Epaminondas] {
            for four_players in [false, true] {
                out.push(gamut::ui::notices::notice(
                    w,
                    &notice,
                    text::Table { kind, four_players },
                ));
            }
        }
    }
    out.extend(proven_sentences(w));
    for level in Level::all() {
        for game in [GameKind::LinesOfAction, GameKind::Epaminondas] {
            out.push(text::level_description(w, level, game));
        }
        out.push(text::player(w, Player::Computer(level)));
    }
    out.push(text::player(w, Player::Human));
    for variant in Variant::ALL {
        out.push(text::variant_summary(w, variant));
        let mut config = GameConfig::default();
        config.loa.variant = variant;
        config.loa.first_player = !config.loa.first_player;
        config.loa.simultaneous = match config.loa.simultaneous {
            SimultaneousConnection::Draw => SimultaneousConnection::MoverWins,
            SimultaneousConnection::MoverWins => SimultaneousConnection::Draw,
        };
        config.loa.repetition_draw = !config.loa.repetition_draw;
        out.push(text::options(w, &config));
        let settings = GameSettings {
            config,
            ..GameSettings::default()
        };
        out.push(text::resume_offer(w, &settings, 14));
    }
    let mut config = GameConfig {
        kind: GameKind::Epaminondas,
        ..GameConfig::default()
    };
    for size in [BoardSize::Standard, BoardSize::Small] {
        config.epaminondas.board = size;
        config.epaminondas.anti_symmetry = !config.epaminondas.anti_symmetry;
        config.epaminondas.repetition_draw = !config.epaminondas.repetition_draw;
        out.push(text::options(w, &config));
    }
    let computer = Player::Computer(Level::default());
    for (black, white) in [
        (Player::Human, Player::Human),
        (computer, Player::Human),
        (computer, computer),
    ] {
        let settings = GameSettings {
            black,
            white,
            ..GameSettings::default()
        };
        out.push(text::resume_offer(w, &settings, 1));
        out.push(text::players_short(w, &settings));
    }
    for score in [
        Score::WinIn(1),
        Score::LossIn(6),
        Score::Centipawns(0),
        Score::Centipawns(-100),
        Score::Centipawns(300),
        Score::Centipawns(900),
    ] {
        out.push(text::evaluation(w, score, Side::White));
        let view = Standing::View {
            score,
            by: Side::White,
        };
        out.extend(text::standing(w, view));
    }
    out.push(text::game_length(w, &CurrentGame::default()));
    for kind in GameKind::ALL {
        out.push(gamut::ui::about::rules_summary(w, kind));
        out.push(gamut::ui::about::about_page(w, kind));
    }
    for preset in gamut::model::LoaPreset::ALL
        .map(Some)
        .into_iter()
        .chain([None])
    {
        out.push(text::preset_name(w, preset));
        out.push(text::preset_summary(w, preset));
    }
    for flat in [false, true] {
        for touch in [false, true] {
            for kind in [GameKind::LinesOfAction, GameKind::Epaminondas] {
                out.push(text::controls_help(w, flat, touch, kind));
                out.push(text::idle_help(w, IdleHelp::HowToLook, flat, touch, kind));
            }
        }
    }
    let mut game = gamut::model::CurrentGame::new(Default::default());
    for _ in 0..3 {
        let mv = gamut_engine::Game::legal_moves(game.position())[0];
        game.play(mv);
    }
    out.push(text::review_position(w, &game, 0));
    out.push(text::review_position(w, &game, 3));
    out.push(text::analysing(w, 3, 20));
    out.extend(text::review_steps(w).map(|(_, tip)| tip));
    for result in [
        GameResult::Unfinished,
        GameResult::BlackWins,
        GameResult::WhiteWins,
        GameResult::Draw,
    ] {
        out.push(text::result(w, result));
    }
    out
}

#[test]
fn every_notice_and_sentence_can_be_said_in_every_language() {
    let mut said = std::collections::HashMap::new();
    for language in Language::ALL {
        let words = Words::from_folder(&locales(), language);
        let sentences = every_sentence(&words);
        assert_eq!(words.misses(), Vec::<String>::new(), "{}", language.code());
        for s in &sentences {
            assert!(!s.is_empty() && !s.contains('\u{2068}'), "{s:?}");
            assert!(
                !s.contains("{$") && !s.contains("{ $"),
                "an unfilled placeable: {s}"
            );
        }
        said.insert(language, sentences);
    }
    // The translations are translations: most sentences differ from the English ones.
    for language in [Language::French, Language::Italian] {
        let same = said[&language]
            .iter()
            .zip(&said[&Language::English])
            .filter(|(a, b)| a == b)
            .count();
        assert!(
            same * 10 < said[&language].len(),
            "{}: {same} sentences as in English",
            language.code()
        );
    }
}

#[test]
fn notices_are_said_with_their_values_in_each_language() {
    let notice = Notice::Passed(Side::Black);
    let say = |language| {
        gamut::ui::notices::notice(
            &Words::from_folder(&locales(), language),
            &notice,
            text::Table::NONE,
        )
    };
    assert_eq!(
        say(Language::English),
        "Black has no legal move and passes."
    );
    assert!(
        say(Language::French).contains("Noir"),
        "{}",
        say(Language::French)
    );
    assert!(
        say(Language::Italian).contains("Nero"),
        "{}",
        say(Language::Italian)
    );
}

/// A level's description is worked out from how it plays that game: one move ahead with many
/// blunders at the bottom, all the think time at the top, in each language.
#[test]
fn level_descriptions_follow_each_games_ladder() {
    let english = Words::from_folder(&locales(), Language::English);
    let describe =
        |level: u8, game| text::level_description(&english, Level::new(level).unwrap(), game);
    for game in [GameKind::LinesOfAction, GameKind::Epaminondas] {
        assert_eq!(
            describe(1, game),
            "looks one move ahead, blunders very often"
        );
        assert_eq!(describe(14, game), "full strength with all the think time");
        let all: BTreeSet<String> = Level::all().map(|l| describe(l.number(), game)).collect();
        assert_eq!(all.len(), 14, "{game}: {all:?}");
    }
    assert_eq!(
        describe(6, GameKind::LinesOfAction),
        "looks 3 moves ahead, rarely blunders"
    );
    assert_eq!(
        describe(7, GameKind::Epaminondas),
        "looks 3 moves ahead, rarely blunders"
    );
    assert_eq!(
        describe(11, GameKind::LinesOfAction),
        "looks 8 moves ahead, plays its best move"
    );
    assert_eq!(
        describe(13, GameKind::Epaminondas),
        "a search of 340 thousand positions, plays its best move"
    );
    let french = Words::from_folder(&locales(), Language::French);
    let level_1 = text::level_description(&french, Level::MIN, GameKind::Epaminondas);
    assert_eq!(
        level_1,
        "voit un coup à l'avance, fait très souvent des gaffes"
    );
}

/// The game's words loaded through the AssetServer, in a headless app.
fn app_with_words() -> App {
    app_with_words_from(gamut::asset_folder())
}

/// Words loaded through the AssetServer from `assets` (which has a `locales` folder).
fn app_with_words_from(assets: String) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin {
            file_path: assets,
            ..default()
        },
        StatesPlugin,
        gamut::HeadlessPlugins,
        I18nPlugin,
    ));
    app.insert_resource(Presentation {
        language: Some(Language::English),
        ..default()
    });
    // A generous limit for loading the files, not a speed target.
    let started = std::time::Instant::now();
    while started.elapsed() < Duration::from_secs(120) {
        app.update();
        if app.world().resource::<Words>().is_ready() {
            return app;
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    panic!("the languages did not load");
}

#[test]
fn switching_the_language_at_run_time_changes_the_words_at_once() {
    let mut app = app_with_words();
    let notice = Notice::MustPlaceOnly(Side::White);
    let say = |app: &App| {
        gamut::ui::notices::notice(app.world().resource::<Words>(), &notice, text::Table::NONE)
    };
    let english = say(&app);
    assert!(english.starts_with("White has no legal move"), "{english}");
    for (language, side) in [(Language::French, "Blanc"), (Language::Italian, "Bianco")] {
        app.world_mut().resource_mut::<Presentation>().language = Some(language);
        app.update();
        assert_eq!(app.world().resource::<Words>().language(), language);
        let said = say(&app);
        assert!(
            said.contains(side) && said != english,
            "{}: {said}",
            language.code()
        );
    }
    // None: the operating system's language (English when it is not one of ours).
    app.world_mut().resource_mut::<Presentation>().language = None;
    app.update();
    let words = app.world().resource::<Words>();
    assert_eq!(words.language(), words.os_language());
    assert!(words.misses().is_empty(), "{:?}", words.misses());
}

#[test]
fn a_missing_language_does_not_hold_the_interface_back() {
    // Only English, and a French folder with a broken entry (no Italian at all): the words are
    // ready all the same; French says what it can and English the rest.
    let assets = std::env::temp_dir().join(format!("gamut-i18n-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&assets);
    std::fs::create_dir_all(assets.join("locales/en")).unwrap();
    std::fs::create_dir_all(assets.join("locales/fr")).unwrap();
    std::fs::write(
        assets.join("locales/en/a.ftl"),
        "side-black = Black\nside-white = White\n",
    )
    .unwrap();
    std::fs::write(
        assets.join("locales/fr/a.ftl"),
        "side-black = Noir\nside-white = { oops\n",
    )
    .unwrap();
    let mut app = app_with_words_from(assets.to_string_lossy().into_owned());
    app.world_mut().resource_mut::<Presentation>().language = Some(Language::French);
    app.update();
    let words = app.world().resource::<Words>();
    assert_eq!(text::side(words, Side::Black), "Noir");
    assert_eq!(text::side(words, Side::White), "White");
    let _ = std::fs::remove_dir_all(&assets);
}
