//! No English on a French or Italian screen: every message of every Fluent file, said in French
//! and Italian with sample arguments, is never the English text of a message (beyond names that
//! are the same in every language); and what the game builds from typed values outside the
//! panels — the Exhibition's captions and lines, the reasons a file or a record could not be
//! read or written — comes out in French and Italian, not in English.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use fluent_bundle::{FluentArgs, FluentValue};
use gamut::exhibition::{Caption, WinBy, words};
use gamut::i18n::Words;
use gamut::model::{Cell, FileProblem, FileTrouble, Language, Player};
use gamut_engine::Color as Side;
use gamut_engine::any_game::{GameConfig, GameKind};
use gamut_engine::epaminondas::BoardSize;
use gamut_engine::level::Level;
use gamut_engine::loa::Variant;
use gamut_engine::record::{
    MAX_RECORD_BYTES, Record, RecordError, RecordErrorKind, read_record_or_save_bytes, read_save,
};

fn locales() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/locales")
}

fn words(language: Language) -> Words {
    Words::from_folder(&locales(), language)
}

/// Text that may read the same in every language: the games', the program's and the authors'
/// names, the record format's own words, units, and the sample words given as arguments.
const NAMES: [&str; 17] = [
    "Lines of Action",
    "Epaminondas",
    "GAMUT",
    "Gamut",
    "LOA",
    "Robert Abbott",
    "Claude Soucie",
    "JSON",
    "UTF-8",
    "Unicode",
    "KiB",
    // Share's file sizes (Italian writes kilobytes as English does; French says "Ko").
    "KB",
    "min",
    // Variants' names kept in French ("Standard" is French too; Italian says "Paracadute").
    "Parachute",
    "Standard",
    // The sample arguments (see `samples`).
    "black",
    "marked",
];

/// Whether a text says nothing in a language: once the names are taken out, no word of two
/// letters or more is left (numbers, squares like `d4`, punctuation and symbols).
fn is_neutral(text: &str) -> bool {
    let mut rest = text.to_string();
    for name in NAMES {
        rest = rest.replace(name, " ");
    }
    !rest
        .split(|c: char| !c.is_alphabetic())
        .any(|word| word.chars().count() >= 2)
}

/// Messages that are the same word in English and in the language (checked by a reader, not
/// left untranslated).
fn same_word_in(language: Language, id: &str) -> bool {
    let french = [
        "level-2",  // Novice
        "level-5",  // Amateur
        "level-6",  // Club
        "level-9",  // Expert
        "level-14", // Champion
        "about-heading-sources",
        "new-game-animation",
        "settings-animation",
        "saves-column-date",
        "tournament-col-points", // Points
        "saves-analysis",        // Analyse
        "button-menu",           // ☰ Menu
    ];
    // "Computer" is Italian too ("il computer").
    let italian = [
        "player-computer",
        "player-short-computer",
        "new-game-computer",
        "tournament-computer-name",
        // "il menu".
        "button-menu",
    ];
    match language {
        Language::French => french.contains(&id),
        Language::Italian => italian.contains(&id),
        Language::English => true,
    }
}

/// Every message of a language's files, by file: its id.
fn message_ids() -> BTreeMap<String, Vec<String>> {
    let mut out = BTreeMap::new();
    let folder = locales().join(Language::English.code());
    for entry in std::fs::read_dir(&folder).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_none_or(|e| e != "ftl") {
            continue;
        }
        let source = std::fs::read_to_string(&path).unwrap();
        let ids = source
            .lines()
            .filter(|line| line.starts_with(|c: char| c.is_ascii_lowercase()))
            .filter_map(|line| line.split_once(" =").map(|(id, _)| id.trim().to_string()))
            .collect();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        out.insert(name, ids);
    }
    out
}

/// Every variable name of every message (`$side`), from the English files.
fn variables() -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    for entry in std::fs::read_dir(locales().join("en")).unwrap() {
        let source = std::fs::read_to_string(entry.unwrap().path()).unwrap_or_default();
        for (at, _) in source.match_indices('$') {
            let name: String = source[at + 1..]
                .chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                .collect();
            if !name.is_empty() {
                out.insert(name);
            }
        }
    }
    out
}

/// Sample arguments: every variable the same value (a number, so that plurals choose; or a
/// word, so that selectors by colour choose).
fn samples(variables: &BTreeSet<String>) -> Vec<FluentArgs<'static>> {
    let values: [FluentValue<'static>; 4] = [1.into(), 3.into(), "black".into(), "marked".into()];
    values
        .into_iter()
        .map(|value| {
            variables
                .iter()
                .map(|name| (name.clone(), value.clone()))
                .collect()
        })
        .collect()
}

/// Each message said in a language with each sample: `(file, id) -> texts`.
fn said_everywhere(w: &Words, language: Language) -> BTreeMap<(String, String), Vec<String>> {
    let args = samples(&variables());
    let mut out = BTreeMap::new();
    for (file, ids) in message_ids() {
        for id in ids {
            let texts = args
                .iter()
                .map(|a| {
                    w.format_in(language, &id, Some(a))
                        .unwrap_or_else(|e| panic!("{}: {id}: {e}", language.code()))
                })
                .collect();
            out.insert((file.clone(), id), texts);
        }
    }
    out
}

#[test]
fn no_french_or_italian_message_is_english_text() {
    let english = words(Language::English);
    let english_said = said_everywhere(&english, Language::English);
    let english_texts: BTreeMap<&str, &(String, String)> = english_said
        .iter()
        .flat_map(|(key, texts)| texts.iter().map(move |t| (t.as_str(), key)))
        .collect();
    assert!(english_texts.len() > 300, "the messages are read");
    let mut english_found = Vec::new();
    for language in [Language::French, Language::Italian] {
        let w = words(language);
        let code = language.code();
        for ((file, id), texts) in said_everywhere(&w, language) {
            for text in texts {
                let Some(source) = english_texts.get(text.as_str()) else {
                    continue;
                };
                if !is_neutral(&text) && !same_word_in(language, &id) {
                    english_found.push(format!(
                        "{code}/{file}: {id} = {text:?} (English {})",
                        source.1
                    ));
                }
            }
        }
        assert!(w.misses().is_empty(), "{:?}", w.misses());
    }
    english_found.dedup();
    assert!(
        english_found.is_empty(),
        "English text in {} messages:\n{}",
        english_found.len(),
        english_found.join("\n")
    );
}

#[test]
fn the_neutral_texts_are_names_numbers_and_symbols() {
    assert!(is_neutral("Lines of Action · 8 × 8"));
    assert!(is_neutral("{ 3 } — d4–d6 ?"));
    assert!(is_neutral("Epaminondas (LOA)"));
    assert!(!is_neutral("Lines of Action · Scrambled Eggs"));
    assert!(!is_neutral("Draw"));
}

/// Every caption the Exhibition can show, for both sides.
fn captions() -> Vec<Caption> {
    let (a, b) = (Cell::new(0, 0), Cell::new(3, 2));
    let mut all = vec![Caption::Drawn];
    for side in Side::ALL {
        all.extend([
            Caption::Passed { side },
            Caption::Placed { side, at: b },
            Caption::NearConnection { side },
            Caption::NearWin { side },
            Caption::Crossed { side },
            Caption::NearCrossing { side },
        ]);
        for count in [1, 2, 5] {
            all.push(Caption::Moved {
                side,
                from: a,
                to: b,
                pieces: count,
            });
            all.push(Caption::Captured { side, at: b, count });
        }
        for how in [
            WinBy::Connection,
            WinBy::FarRow,
            WinBy::AllCaptured,
            WinBy::Resignation,
        ] {
            all.push(Caption::Won { side, how });
        }
    }
    all
}

/// Every game of the Exhibition: each Lines of Action variant, each Epaminondas board.
fn configs() -> Vec<GameConfig> {
    let mut all: Vec<GameConfig> = Variant::ALL
        .into_iter()
        .map(|variant| {
            let mut config = GameConfig::default();
            config.loa.variant = variant;
            config
        })
        .collect();
    for board in [BoardSize::Standard, BoardSize::Small] {
        let mut config = GameConfig {
            kind: GameKind::Epaminondas,
            ..GameConfig::default()
        };
        config.epaminondas.board = board;
        all.push(config);
    }
    all
}

/// Every line the Exhibition shows, said in `w`'s language.
fn exhibition_lines(w: &Words) -> Vec<String> {
    let mut out: Vec<String> = captions()
        .into_iter()
        .map(|c| words::caption(w, c))
        .collect();
    for config in configs() {
        out.push(words::title(w, &config));
        out.push(words::next_game(w, &config));
        for moves in [1, 40] {
            out.push(words::summary(w, &config, moves));
        }
    }
    let computer = Player::Computer(Level::MAX);
    for player in [computer, Player::Human] {
        out.push(words::player(w, player));
        out.push(words::seat(w, Side::Black, words::player(w, player)));
        out.push(words::two_sets(w, player, computer));
    }
    out.extend([
        words::place(w, 1, 8, 0),
        words::place(w, 3, 8, 41),
        words::thinking(w),
        words::graph_title(w),
        words::graph_line(w),
        words::graph_axis(w),
    ]);
    out
}

/// Every kind of file trouble.
fn troubles() -> Vec<FileTrouble> {
    vec![
        FileTrouble::Missing,
        FileTrouble::NoPermission,
        FileTrouble::TooLarge { limit: 1 << 20 },
        FileTrouble::Exists,
        FileTrouble::DiskFull,
        FileTrouble::ReadOnly,
        FileTrouble::NotAFile,
        FileTrouble::NotJson { line: 3, column: 7 },
        FileTrouble::WrongContent { line: 1, column: 2 },
        FileTrouble::FormatTooNew {
            format: 9,
            newest: 1,
        },
        FileTrouble::Inconsistent,
        FileTrouble::UnknownGame,
        FileTrouble::Other,
    ]
}

/// What became of each of the game's own files, every way it can go.
fn file_reports() -> Vec<gamut::model::FileReport> {
    use gamut::model::{DataFile, Fate, FileReport};
    let files = [
        DataFile::Settings,
        DataFile::Autosave,
        DataFile::PuzzleProgress,
        DataFile::Ratings,
        DataFile::Players,
        DataFile::Tournament,
        DataFile::Save,
    ];
    let why = FileProblem::Unreadable(FileTrouble::NotJson { line: 2, column: 5 });
    let fates = [
        Fate::SetAside {
            kept_as: "x.bad-1.json".into(),
            why: why.clone(),
            salvaged: 0,
        },
        Fate::SetAside {
            kept_as: "x.bad-1.json".into(),
            why: why.clone(),
            salvaged: 1,
        },
        Fate::SetAside {
            kept_as: "x.bad-1.json".into(),
            why: why.clone(),
            salvaged: 7,
        },
        Fate::LeftAlone { why },
        Fate::Unwritable(FileTrouble::DiskFull),
    ];
    files
        .into_iter()
        .flat_map(|file| {
            fates.clone().map(|fate| FileReport {
                file,
                name: "x.json".into(),
                fate,
            })
        })
        .collect()
}

/// Black wins with a1-b2 (a1 and c1 join; White d5 and f2 apart).
const BLACK_WINS_AT_ONCE: &str = "[Position \"8/8/8/3w4/8/8/5w2/b1b5 b\"]\n";

fn record_error(text: &str) -> RecordError {
    match Record::parse(text) {
        Err(e) => e,
        Ok(_) => panic!("{text:?} reads"),
    }
}

fn save_error(text: &str) -> RecordError {
    match read_save(text) {
        Err(e) => e,
        Ok(_) => panic!("{text:?} reads"),
    }
}

/// A record error of every kind the reader gives, each from a broken text.
fn record_errors() -> Vec<RecordError> {
    let won = |tail: &str| record_error(&format!("{BLACK_WINS_AT_ONCE}{tail}"));
    let mut all: Vec<RecordError> = [
        "",
        "[ \"x\"]",
        "[Black x]",
        "[Black \"x]\n",
        "[Black \"a\\nb\"]",
        "[Black \"x\" y",
        "[Black \"x\"]\n[black \"y\"]",
        "[Game \"Go\"]",
        "[Game \"Epaminondas\"]\n[Variant \"parachute\"]",
        "[Position \"zz\"]",
        "1. b1-d3 [Black \"x\"]",
        "1. b1-d3 {oops",
        "1. b1-d3 }",
        "2. b1-d3",
        "@d4",
        "1. zz",
        "1. b1-b2",
        "[Game \"Epaminondas\"]\n[Board \"small\"]\n1. a1-a2",
        "1. b1-d3 * b8-d6",
        "[Result \"*\"]\n1. b1-d3 black-wins",
        "[Result \"black-wins\"]\n1. b1-d3",
        "[Termination \"connection\"]\n1. b1-d3",
        "[Termination \"agreement\"]\n1. b1-d3 black-wins",
    ]
    .into_iter()
    .map(record_error)
    .collect();
    all.extend([
        won("1. a1-b2 d5-d6"),
        won("[Result \"white-wins\"]\n1. a1-b2"),
        won("[Termination \"repetition\"]\n1. a1-b2"),
        save_error("{"),
        save_error("[1]"),
        save_error("{}"),
        save_error("{\"format\": 99}"),
        save_error("{\"format\": 1}"),
        save_error("{\"format\": 1, \"record\": \"2. b1-d3\"}"),
        Record::parse(&"x".repeat(MAX_RECORD_BYTES + 1)).unwrap_err(),
        read_record_or_save_bytes(&[b'1', b'.', 0xff]).unwrap_err(),
    ]);
    all
}

#[test]
fn the_record_errors_cover_every_kind() {
    let kinds: BTreeSet<String> = record_errors()
        .iter()
        .map(|e| {
            let debug = format!("{:?}", e.kind);
            debug
                .split([' ', '{', '('])
                .next()
                .unwrap_or_default()
                .to_string()
        })
        .collect();
    // RecordErrorKind's variants (a new one must be added here and to the texts above).
    assert_eq!(kinds.len(), 30, "{kinds:?}");
    let illegal = record_errors()
        .into_iter()
        .filter(|e| {
            matches!(
                e.kind,
                RecordErrorKind::IllegalMove {
                    reason: Some(_),
                    ..
                }
            )
        })
        .count();
    assert_eq!(illegal, 2, "a move the rules refuse, in each game");
    assert!(record_errors().iter().any(|e| e.in_save_record));
}

/// Every file and record problem, said in `w`'s language.
fn problem_lines(w: &Words) -> Vec<String> {
    let mut out: Vec<String> = troubles()
        .into_iter()
        .map(|t| gamut::ui::problems::file_trouble(w, t))
        .collect();
    for error in record_errors() {
        out.push(gamut::ui::problems::record_problem(w, &error));
        out.push(gamut::ui::problems::file_problem(
            w,
            &FileProblem::Record(Box::new(error)),
        ));
    }
    for report in file_reports() {
        out.push(gamut::ui::problems::file_report(w, &report));
    }
    out
}

/// The lines said in English and in `language`, side by side: each differs from its English,
/// and no English `Display` of a record error is in them.
fn differ_from_english(what: &str, lines: fn(&Words) -> Vec<String>) {
    let english = lines(&words(Language::English));
    let displays: Vec<String> = record_errors().iter().map(|e| e.kind.to_string()).collect();
    for language in [Language::French, Language::Italian] {
        let w = words(language);
        let said = lines(&w);
        assert_eq!(said.len(), english.len());
        for (theirs, ours) in said.iter().zip(&english) {
            assert!(
                (theirs != ours || is_neutral(theirs)) && !theirs.is_empty(),
                "{what}, {}: {theirs:?} is the English",
                language.code()
            );
            for display in &displays {
                assert!(
                    !theirs.contains(display.as_str()),
                    "{what}, {}: {theirs:?} holds the engine's English {display:?}",
                    language.code()
                );
            }
        }
        assert!(w.misses().is_empty(), "{:?}", w.misses());
    }
}

#[test]
fn every_exhibition_line_is_said_in_french_and_italian() {
    differ_from_english("exhibition", exhibition_lines);
}

#[test]
fn every_file_and_record_problem_is_said_in_french_and_italian() {
    differ_from_english("problems", problem_lines);
}

#[test]
fn the_exhibition_graph_says_it_is_blacks_view_as_the_review_does() {
    let w = words(Language::English);
    assert!(words::graph_title(&w).contains("up: Black"));
    assert!(w.t("review-analysis-done").contains("up: Black"));
}
