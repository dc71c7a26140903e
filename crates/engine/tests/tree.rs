//! Variations in game records and the game tree of the analysis board: branching, stepping,
//! promoting, deleting and commenting; saving the tree as a record and opening it again, in
//! Lines of Action (standard, for four, Boundless) and Epaminondas; nested variations through
//! the record text; old records unchanged; errors inside variations and nesting garbage.

use gamut_engine::any_game::{AnyMove, AnyPosition, GameConfig, GameKind};
use gamut_engine::record::{
    GameResult, GameTree, Location, MAX_VARIATION_DEPTH, NodeId, Record, RecordError,
    RecordErrorKind, RecordMove, Termination, TreeEntry, TreeError,
};
use gamut_engine::{Game, epaminondas, loa};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

// ---------------------------------------------------------------------------------------------
// Helpers

fn loa(variant: loa::Variant) -> GameConfig {
    let mut config = GameConfig::default();
    config.loa.variant = variant;
    config
}

fn epaminondas_small() -> GameConfig {
    let mut config = GameConfig {
        kind: GameKind::Epaminondas,
        ..GameConfig::default()
    };
    config.epaminondas.board = epaminondas::BoardSize::Small;
    config
}

/// Plays moves given in human notation from the current node.
fn play(tree: &mut GameTree, moves: &str) -> NodeId {
    let mut last = tree.current();
    for text in moves.split_whitespace() {
        last = tree
            .play_text(text)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    last
}

/// The movetext of a record's text: everything after the blank line that ends the tags, on one
/// line.
fn movetext(text: &str) -> String {
    let body = text.split_once("\n\n").map_or(text, |(_, body)| body);
    body.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The movetext as the tree's entries draw it: `(`, the written move, its comment, `)`s.
fn drawn(tree: &GameTree, entries: &[TreeEntry]) -> String {
    let mut units = Vec::new();
    if let Some(comment) = tree.comment(tree.root()) {
        units.push(format!("{{{comment}}}"));
    }
    for e in entries {
        let open = if e.opens_variation { "(" } else { "" };
        units.push(format!("{open}{}", e.written()));
        if let Some(comment) = tree.comment(e.node) {
            units.push(format!("{{{comment}}}"));
        }
        let last = units.last_mut().unwrap();
        last.push_str(&")".repeat(e.closes_variations));
    }
    units.push(tree.to_record().result.as_str().to_string());
    units.join(" ")
}

/// Saves the tree as text, opens it again, and checks that nothing changed: the record, the
/// text, the move list, the positions.
fn assert_saves_and_reopens(tree: &GameTree) -> GameTree {
    let record = tree.to_record();
    let text = record.to_string();
    let read = Record::parse(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(read, record, "{text}");
    assert_eq!(read.to_string(), text);
    let reopened = GameTree::from_record(&read).unwrap();
    assert_eq!(reopened.to_record(), record, "{text}");
    assert_eq!(reopened.len(), tree.len());
    let entries = tree.entries();
    let again = reopened.entries();
    assert_eq!(entries.len(), again.len());
    for (a, b) in entries.iter().zip(&again) {
        assert_eq!(
            (&a.label, &a.text, a.depth, a.opens_variation),
            (&b.label, &b.text, b.depth, b.opens_variation)
        );
        assert_eq!(a.closes_variations, b.closes_variations);
        assert_eq!(tree.comment(a.node), reopened.comment(b.node));
        assert_eq!(
            tree.position(a.node).to_text(),
            reopened.position(b.node).to_text()
        );
    }
    // The move list reads exactly like the saved record.
    assert_eq!(drawn(tree, &entries), movetext(&text), "{text}");
    // Lines stay within 79 columns unless one unit is longer.
    for line in text.lines().filter(|l| !l.starts_with('[')) {
        assert!(
            line.chars().count() <= 79 || !line.contains(' '),
            "long line: {line}"
        );
    }
    reopened
}

fn error(text: &str) -> RecordError {
    match Record::parse(text) {
        Ok(record) => panic!("should not read:\n{text}\nread as {record:?}"),
        Err(e) => e,
    }
}

fn at(line: usize, column: usize) -> Option<Location> {
    Some(Location { line, column })
}

// ---------------------------------------------------------------------------------------------
// The tree

#[test]
fn playing_after_going_back_branches_and_keeps_the_main_line() {
    let mut tree = GameTree::new(GameConfig::default());
    assert!(tree.is_empty());
    let b1d3 = play(&mut tree, "b1-d3");
    let a2c2 = play(&mut tree, "a2-c2");
    assert!(tree.back());
    assert_eq!(tree.current(), b1d3);
    let h2f4 = play(&mut tree, "h2-f4");
    assert_eq!(tree.children(b1d3), &[a2c2, h2f4]);
    assert_eq!(tree.current(), h2f4);
    assert_eq!(tree.parent(h2f4), Some(b1d3));
    assert!(tree.is_main_line(a2c2));
    assert!(!tree.is_main_line(h2f4));
    assert_eq!(tree.nesting(h2f4), 1);
    assert_eq!(tree.main_line(), vec![tree.root(), b1d3, a2c2]);
    assert_eq!(tree.path(h2f4), vec![NodeId::ROOT, b1d3, h2f4]);
    assert_eq!(tree.ply(h2f4), 2);
    let start = GameConfig::default().start();
    let line: Vec<AnyMove> = ["b1-d3", "h2-f4"]
        .iter()
        .scan(start, |p, t| {
            let mv = p.parse_move(t).unwrap();
            p.play_unchecked(mv);
            Some(mv)
        })
        .collect();
    assert_eq!(tree.line_moves(h2f4), line);
    assert_eq!(tree.move_of(h2f4), Some(line[1]));
    assert_eq!(tree.move_of(tree.root()), None);
    // A second branch goes after the first; the main line is unchanged.
    tree.back();
    let c2 = play(&mut tree, "h3-e3");
    assert_eq!(tree.children(b1d3), &[a2c2, h2f4, c2]);
    assert_eq!(
        movetext(&tree.to_record().to_string()),
        "1. b1-d3 a2-c2 (1... h2-f4) (1... h3-e3) *"
    );
    // A branch at the root.
    tree.to_start();
    play(&mut tree, "c1-c3 a2-c2 d1-d3");
    assert_eq!(
        movetext(&tree.to_record().to_string()),
        "1. b1-d3 (1. c1-c3 a2-c2 2. d1-d3) 1... a2-c2 (1... h2-f4) (1... h3-e3) *"
    );
    assert_saves_and_reopens(&tree);
}

#[test]
fn stepping_back_and_forth_follows_the_main_line() {
    let mut tree = GameTree::new(GameConfig::default());
    let nodes: Vec<NodeId> = ["b1-d3", "a2-c2", "d3xa6", "h3xf1"]
        .iter()
        .map(|m| play(&mut tree, m))
        .collect();
    let end_text = tree.current_position().to_text();
    assert_eq!(tree.current_position().ply(), 4);
    assert!(!tree.forward(), "nothing after the end");
    tree.to_start();
    assert_eq!(tree.current(), tree.root());
    assert_eq!(
        tree.current_position().to_text(),
        GameConfig::default().start().to_text()
    );
    assert!(!tree.back(), "nothing before the start");
    assert!(tree.forward());
    assert_eq!(tree.current(), nodes[0]);
    tree.to_end();
    assert_eq!(tree.current(), nodes[3]);
    assert_eq!(tree.current_position().to_text(), end_text);
    assert!(tree.back() && tree.back());
    assert_eq!(tree.current(), nodes[1]);
    assert_eq!(
        tree.current_position().to_text(),
        tree.position(nodes[1]).to_text()
    );
    assert_eq!(
        tree.current_position().moves_played(),
        tree.line_moves(nodes[1])
    );
    // A branch from here; forward still takes the main continuation.
    let branch = play(&mut tree, "d3-d6");
    tree.back();
    assert!(tree.forward());
    assert_eq!(tree.current(), nodes[2]);
    tree.go_to(branch).unwrap();
    assert_eq!(
        tree.current_position().to_text(),
        tree.position(branch).to_text()
    );
    tree.to_end();
    assert_eq!(tree.current(), branch, "the end of the branch's own line");
}

#[test]
fn playing_a_move_already_there_goes_to_its_node() {
    let mut tree = GameTree::new(GameConfig::default());
    let first = play(&mut tree, "b1-d3");
    play(&mut tree, "a2-c2");
    tree.to_start();
    let other = play(&mut tree, "c1-c3");
    tree.to_start();
    let count = tree.len();
    assert_eq!(play(&mut tree, "b1-d3"), first);
    tree.to_start();
    assert_eq!(play(&mut tree, "c1-c3"), other);
    assert_eq!(tree.len(), count, "no duplicate");
    assert_eq!(tree.children(tree.root()), &[first, other]);
}

#[test]
fn illegal_moves_leave_the_tree_unchanged() {
    let mut tree = GameTree::new(GameConfig::default());
    play(&mut tree, "b1-d3");
    let before = tree.to_record();
    assert!(matches!(tree.play_text("b1-b2"), Err(TreeError::Move(_))));
    let mut other = GameConfig::default().start();
    let foreign = other.parse_move("c1-c3").unwrap();
    other.play_unchecked(foreign);
    assert!(matches!(tree.play(foreign), Err(TreeError::Move(_))));
    assert_eq!(tree.to_record(), before);
    assert_eq!(tree.current_position().ply(), 1);
    // After the end of the game no move is played.
    let mut config = GameConfig::default();
    config.loa.variant = loa::Variant::Standard;
    let won = config
        .position_from_text("8/8/8/3w4/8/8/5w2/b1b5 b")
        .unwrap();
    let mut tree = GameTree::from_position(config, &won).unwrap();
    play(&mut tree, "a1-b2");
    assert!(tree.current_position().outcome().is_some());
    let any = won.legal_moves()[0];
    assert!(matches!(
        tree.play(any),
        Err(TreeError::Move(gamut_engine::game::MoveError::GameOver))
    ));
    let record = tree.to_record();
    assert_eq!(record.result, GameResult::BlackWins);
    assert_eq!(record.termination, Some(Termination::Connection));
    assert_saves_and_reopens(&tree);
}

#[test]
fn promoting_a_variation_one_level_or_to_the_main_line() {
    let mut tree = GameTree::new(GameConfig::default());
    let b1d3 = play(&mut tree, "b1-d3");
    play(&mut tree, "a2-c2 d3xa6");
    tree.to_start();
    let c1c3 = play(&mut tree, "c1-c3");
    let a2c2 = play(&mut tree, "a2-c2");
    tree.back();
    let deep = play(&mut tree, "h3-e3 d1-d3");
    let text = |t: &GameTree| movetext(&t.to_record().to_string());
    assert_eq!(
        text(&tree),
        "1. b1-d3 (1. c1-c3 a2-c2 (1... h3-e3 2. d1-d3)) 1... a2-c2 2. d3xa6 *"
    );
    // One level: the innermost fork.
    let mut once = tree.clone();
    assert_eq!(once.promote(deep), Ok(true));
    assert_eq!(
        text(&once),
        "1. b1-d3 (1. c1-c3 h3-e3 (1... a2-c2) 2. d1-d3) 1... a2-c2 2. d3xa6 *"
    );
    assert!(!once.is_main_line(deep));
    // Again: now the fork at the root.
    assert_eq!(once.promote(deep), Ok(true));
    assert_eq!(
        text(&once),
        "1. c1-c3 (1. b1-d3 a2-c2 2. d3xa6) 1... h3-e3 (1... a2-c2) 2. d1-d3 *"
    );
    assert!(once.is_main_line(deep));
    assert_eq!(once.promote(deep), Ok(false), "already the main line");
    // All the way at once.
    let mut main = tree.clone();
    assert_eq!(main.make_main_line(deep), Ok(true));
    assert_eq!(main.to_record(), once.to_record());
    assert_eq!(main.make_main_line(deep), Ok(false));
    assert_eq!(main.children(main.root()), &[c1c3, b1d3]);
    assert_eq!(main.children(c1c3)[1], a2c2);
    // The current node and positions do not change.
    assert_eq!(main.current(), deep);
    assert_eq!(
        main.current_position().to_text(),
        tree.current_position().to_text()
    );
    assert_saves_and_reopens(&main);
}

#[test]
fn deleting_removes_the_subtree_and_moves_the_current_node_out_of_it() {
    let mut tree = GameTree::new(GameConfig::default());
    let b1d3 = play(&mut tree, "b1-d3");
    let a2c2 = play(&mut tree, "a2-c2");
    let d3xa6 = play(&mut tree, "d3xa6");
    tree.back();
    tree.back();
    let h2f4 = play(&mut tree, "h2-f4");
    let after = play(&mut tree, "c1-c3");
    let count = tree.len();
    // The current node is inside: it goes to the deleted node's parent.
    tree.delete(h2f4).unwrap();
    assert_eq!(tree.len(), count - 2);
    assert!(!tree.contains(h2f4) && !tree.contains(after));
    assert_eq!(tree.current(), b1d3);
    assert_eq!(tree.current_position().ply(), 1);
    assert_eq!(tree.children(b1d3), &[a2c2]);
    // The current node elsewhere stays.
    tree.go_to(d3xa6).unwrap();
    tree.to_start();
    let c1c3 = play(&mut tree, "c1-c3");
    tree.delete(b1d3).unwrap();
    assert_eq!(tree.current(), c1c3);
    assert_eq!(
        tree.children(tree.root()),
        &[c1c3],
        "the variation is the main line now"
    );
    assert!(tree.is_main_line(c1c3));
    assert_eq!(movetext(&tree.to_record().to_string()), "1. c1-c3 *");
    // Deleted ids are refused; the root cannot be deleted.
    assert_eq!(tree.go_to(d3xa6), Err(TreeError::UnknownNode(d3xa6)));
    assert_eq!(tree.delete(d3xa6), Err(TreeError::UnknownNode(d3xa6)));
    assert_eq!(
        tree.set_comment(a2c2, Some("x".into())),
        Err(TreeError::UnknownNode(a2c2))
    );
    assert_eq!(tree.promote(a2c2), Err(TreeError::UnknownNode(a2c2)));
    assert_eq!(tree.delete(tree.root()), Err(TreeError::DeleteRoot));
    // New nodes get new ids.
    tree.to_start();
    let again = play(&mut tree, "b1-d3");
    assert_ne!(again, b1d3);
    assert_saves_and_reopens(&tree);
}

#[test]
#[should_panic(expected = "not in the game tree")]
fn looking_at_a_deleted_node_panics() {
    let mut tree = GameTree::new(GameConfig::default());
    let node = play(&mut tree, "b1-d3");
    tree.delete(node).unwrap();
    tree.ply(node);
}

#[test]
fn comments_are_kept_as_the_record_reads_them() {
    let mut tree = GameTree::new(GameConfig::default());
    let b1d3 = play(&mut tree, "b1-d3");
    let a2c2 = play(&mut tree, "a2-c2");
    tree.back();
    let h2f4 = play(&mut tree, "h2-f4");
    tree.set_comment(tree.root(), Some("before  the\nfirst move".into()))
        .unwrap();
    tree.set_comment(b1d3, Some("a quiet start".into()))
        .unwrap();
    tree.set_comment(h2f4, Some("braces } become )".into()))
        .unwrap();
    tree.set_comment(a2c2, Some("   ".into())).unwrap();
    assert_eq!(tree.comment(tree.root()), Some("before the first move"));
    assert_eq!(tree.comment(h2f4), Some("braces ) become )"));
    assert_eq!(tree.comment(a2c2), None, "an empty comment is none");
    let record = tree.to_record();
    assert_eq!(record.comment.as_deref(), Some("before the first move"));
    assert_eq!(
        movetext(&record.to_string()),
        "{before the first move} 1. b1-d3 {a quiet start} 1... a2-c2 \
         (1... h2-f4 {braces ) become )}) *"
    );
    let reopened = assert_saves_and_reopens(&tree);
    assert_eq!(
        reopened.comment(reopened.root()),
        Some("before the first move")
    );
    tree.set_comment(b1d3, None).unwrap();
    assert_eq!(tree.comment(b1d3), None);
    assert_saves_and_reopens(&tree);
}

#[test]
fn the_tags_and_the_result_are_kept() {
    let text = "[Game \"Lines of Action\"]\n[Black \"Ann\"]\n[White \"Bob\"]\n\
                [Date \"2025.03.14\"]\n[Event \"Club\"]\n[Result \"white-wins\"]\n\
                [Termination \"resignation\"]\n\n{a game} 1. b1-d3 {good} (1. c1-c3) a2-c2 \
                white-wins\n";
    let record = Record::parse(text).unwrap();
    let mut tree = GameTree::from_record(&record).unwrap();
    assert_eq!(tree.current(), tree.root());
    assert_eq!(tree.to_record(), record);
    assert_eq!(tree.header().players.black.as_deref(), Some("Ann"));
    tree.header_mut().players.white = Some("Carol".into());
    assert_eq!(tree.to_record().players.white.as_deref(), Some("Carol"));
    // Going on after a resignation still fits it; a main line that ends by the rules gets
    // the rules' result.
    tree.to_end();
    play(&mut tree, "d3xa6");
    assert_eq!(tree.to_record().result, GameResult::WhiteWins);
    let mut config = GameConfig::default();
    config.loa.variant = loa::Variant::Standard;
    let won = config
        .position_from_text("8/8/8/3w4/8/8/5w2/b1b5 b")
        .unwrap();
    let mut tree = GameTree::from_position(config, &won).unwrap();
    tree.header_mut().result = GameResult::WhiteWins;
    tree.header_mut().termination = Some(Termination::Time);
    assert_eq!(tree.to_record().result, GameResult::WhiteWins);
    assert_eq!(
        tree.to_record().start.as_deref(),
        Some("8/8/8/3w4/8/8/5w2/b1b5 b")
    );
    play(&mut tree, "a1-b2");
    let record = tree.to_record();
    assert_eq!(record.result, GameResult::BlackWins);
    assert_eq!(record.termination, Some(Termination::Connection));
    // Another position of the game from a game in progress: its moves are not kept.
    let mut position = GameConfig::default().start();
    let mv = position.parse_move("b1-d3").unwrap();
    position.play_unchecked(mv);
    let tree = GameTree::from_position(GameConfig::default(), &position).unwrap();
    assert!(tree.is_empty());
    assert_eq!(tree.current_position().to_text(), position.to_text());
    assert_eq!(tree.to_record().start, Some(position.to_text()));
    // The start position itself needs no Position tag.
    let tree =
        GameTree::from_position(GameConfig::default(), &GameConfig::default().start()).unwrap();
    assert_eq!(tree.to_record(), Record::new(GameConfig::default()));
    // A position of the other game is refused.
    let epaminondas = GameConfig {
        kind: GameKind::Epaminondas,
        ..GameConfig::default()
    };
    assert!(GameTree::from_position(GameConfig::default(), &epaminondas.start()).is_err());
}

// ---------------------------------------------------------------------------------------------
// Saving and opening again, and the move list

#[test]
fn a_lines_of_action_analysis_saves_and_reopens() {
    let mut tree = GameTree::new(GameConfig::default());
    let b1d3 = play(&mut tree, "b1-d3");
    tree.set_comment(b1d3, Some("the usual".into())).unwrap();
    play(&mut tree, "a2-c2 d3xa6 h3xf1");
    tree.go_to(b1d3).unwrap();
    let h2f4 = play(&mut tree, "h2-f4");
    tree.set_comment(h2f4, Some("sharper".into())).unwrap();
    play(&mut tree, "c1-c3");
    tree.back();
    play(&mut tree, "e1-e3 a3-c5");
    tree.to_start();
    play(&mut tree, "g1-e3");
    let text = tree.to_record().to_string();
    assert_eq!(
        movetext(&text),
        "1. b1-d3 {the usual} (1. g1-e3) 1... a2-c2 (1... h2-f4 {sharper} 2. c1-c3 \
         (2. e1-e3 a3-c5)) 2. d3xa6 h3xf1 *"
    );
    let reopened = assert_saves_and_reopens(&tree);
    // The entries: written order, depth, labels.
    let entries = reopened.entries();
    let summary: Vec<(String, usize, bool, usize)> = entries
        .iter()
        .map(|e| (e.written(), e.depth, e.opens_variation, e.closes_variations))
        .collect();
    let expected = [
        ("1. b1-d3", 0, false, 0),
        ("1. g1-e3", 1, true, 1),
        ("1... a2-c2", 0, false, 0),
        ("1... h2-f4", 1, true, 0),
        ("2. c1-c3", 1, false, 0),
        ("2. e1-e3", 2, true, 0),
        ("a3-c5", 2, false, 2),
        ("2. d3xa6", 0, false, 0),
        ("h3xf1", 0, false, 0),
    ];
    let expected: Vec<(String, usize, bool, usize)> = expected
        .iter()
        .map(|&(w, d, o, c)| (w.to_string(), d, o, c))
        .collect();
    assert_eq!(summary, expected);
    let numbered: Vec<String> = entries.iter().map(TreeEntry::numbered).collect();
    assert_eq!(numbered[6], "2... a3-c5");
    assert_eq!(numbered[8], "2... h3xf1");
    assert_eq!(
        (entries[6].number, entries[6].seat, entries[6].ply),
        (2, 1, 3)
    );
}

#[test]
fn an_epaminondas_analysis_saves_and_reopens() {
    // White moves first: `1.` is White's move, `1...` Black's.
    let mut tree = GameTree::new(epaminondas_small());
    let first = play(&mut tree, "a1-a3");
    play(&mut tree, "a8-a6 b1-b3");
    tree.go_to(first).unwrap();
    let reply = play(&mut tree, "b8-b6");
    tree.set_comment(reply, Some("mirror".into())).unwrap();
    play(&mut tree, "c1-c3");
    tree.to_start();
    play(&mut tree, "b1-b3");
    let record = tree.to_record();
    assert_eq!(record.config.kind, GameKind::Epaminondas);
    assert_eq!(
        movetext(&record.to_string()),
        "1. a1-a3 (1. b1-b3) 1... a8-a6 (1... b8-b6 {mirror} 2. c1-c3) 2. b1-b3 *"
    );
    assert!(record.to_string().contains("[Game \"Epaminondas\"]"));
    assert_saves_and_reopens(&tree);
}

#[test]
fn lines_of_action_for_four_numbers_rounds_of_four_in_variations() {
    let config = loa(loa::Variant::FourPlayers);
    let mut tree = GameTree::new(config);
    let mut position = config.start();
    let mut nodes = Vec::new();
    for _ in 0..6 {
        let mv = position.legal_moves()[0];
        position.play_unchecked(mv);
        nodes.push(tree.play(mv).unwrap());
    }
    // A variation of the third seat's first move, and one of the fifth ply (second round).
    tree.go_to(nodes[1]).unwrap();
    let alternative = tree.current_position().legal_moves()[1];
    tree.play(alternative).unwrap();
    tree.go_to(nodes[3]).unwrap();
    let alternative = tree.current_position().legal_moves()[1];
    tree.play(alternative).unwrap();
    let entries = tree.entries();
    let labels: Vec<&str> = entries.iter().map(|e| e.label.as_str()).collect();
    assert_eq!(
        labels,
        ["1. ", "", "", "1... ", "1... ", "2. ", "2. ", "2... "]
    );
    let seats: Vec<usize> = entries.iter().map(|e| e.seat).collect();
    assert_eq!(seats, [0, 1, 2, 2, 3, 0, 0, 1]);
    let depths: Vec<usize> = entries.iter().map(|e| e.depth).collect();
    assert_eq!(depths, [0, 0, 0, 1, 0, 0, 1, 0]);
    assert_saves_and_reopens(&tree);
}

#[test]
fn boundless_points_and_variations_share_the_parentheses() {
    let config = loa(loa::Variant::Boundless);
    let start = config
        .position_from_text("b:b1,c1,(0,-2) w:a2,h7 b")
        .unwrap();
    let mut tree = GameTree::from_position(config, &start).unwrap();
    let moves = start.legal_moves();
    let from_point = moves
        .iter()
        .copied()
        .find(|&m| start.human_move(m).starts_with('('))
        .expect("a move from (0,-2)");
    let to_point = moves
        .iter()
        .copied()
        .find(|&m| start.human_move(m).ends_with(')'))
        .expect("a move off the board");
    let other = moves
        .iter()
        .copied()
        .find(|&m| m != from_point && m != to_point)
        .unwrap();
    tree.play(other).unwrap();
    tree.back();
    tree.play(from_point).unwrap();
    tree.back();
    tree.play(to_point).unwrap();
    let text = tree.to_record().to_string();
    let body = movetext(&text);
    assert!(body.contains("(1. ("), "{body}");
    assert!(body.contains("))"), "{body}");
    assert_saves_and_reopens(&tree);
    // A point may be written with spaces, also first in a variation.
    let spaced = text.replace(
        &start.human_move(from_point),
        &start.human_move(from_point).replace(',', " , "),
    );
    assert_eq!(Record::parse(&spaced), Ok(tree.to_record()));
}

// ---------------------------------------------------------------------------------------------
// Variations in the record text

#[test]
fn nested_variations_and_comments_round_trip_through_the_text() {
    let text = "[Game \"Lines of Action\"]\n[Variant \"standard\"]\n[FirstPlayer \"Black\"]\n\
                [SimultaneousConnection \"draw\"]\n[Repetition \"draw\"]\n[Result \"*\"]\n\n\
                {start} 1. b1-d3 {quiet} (1. c1-c3 {a} 1... a2-c2 (1... h2-f4 {b} 2. d1-d3\n\
                (2. b1-b3 {c} 2... a3-b2)) 2. d1-d3) (1. g1-e3) 1... a2-c2 2. d3xa6 *\n";
    let record = Record::parse(text).unwrap();
    assert_eq!(record.to_string(), text);
    assert_eq!(record.move_list().len(), 3, "the main line");
    assert_eq!(record.moves[0].variations.len(), 2);
    let first = &record.moves[0].variations[0];
    assert_eq!(first.len(), 3);
    assert_eq!(first[0].comment.as_deref(), Some("a"));
    assert_eq!(first[1].variations.len(), 1);
    assert_eq!(
        first[1].variations[0][1].variations[0][0]
            .comment
            .as_deref(),
        Some("c")
    );
    assert_eq!(record.replay().unwrap().ply(), 3);
    assert!(record.check().is_ok());
    let tree = GameTree::from_record(&record).unwrap();
    assert_eq!(tree.to_record(), record);
    assert_eq!(tree.len(), 1 + 3 + 3 + 2 + 2 + 1);
    // Lenient forms: no `N...`, a comment before a variation's first move, a variation of a
    // variation's first move (another alternative to the same move).
    let lenient = "1. b1-d3 ({first} 1. c1-c3 {then} a2-c2 (h2-f4)) a2-c2 *";
    let read = Record::parse(lenient).unwrap();
    assert_eq!(
        movetext(&read.to_string()),
        "1. b1-d3 (1. c1-c3 {first then} 1... a2-c2 (1... h2-f4)) 1... a2-c2 *"
    );
    let flat = Record::parse("1. b1-d3 (1. c1-c3 (1. g1-e3) a2-c2) a2-c2 *").unwrap();
    assert_eq!(
        movetext(&flat.to_string()),
        "1. b1-d3 (1. c1-c3 a2-c2) (1. g1-e3) 1... a2-c2 *"
    );
    assert_eq!(flat.moves[0].variations.len(), 2);
    // A comment after the variations goes to the move they follow.
    let after = Record::parse("1. b1-d3 (1. c1-c3) {after} a2-c2 *").unwrap();
    assert_eq!(after.moves[0].comment.as_deref(), Some("after"));
}

#[test]
fn records_built_by_hand_with_variations_are_checked() {
    let mut record = Record::parse("1. b1-d3 a2-c2 *").unwrap();
    let position = GameConfig::default().start();
    let c1c3 = position.parse_move("c1-c3").unwrap();
    let a2c2 = record.moves[1].mv;
    record.moves[0].variations.push(vec![RecordMove::new(c1c3)]);
    assert!(record.check().is_ok());
    // An illegal move in a variation: the error names it.
    record.moves[1].variations.push(vec![RecordMove::new(c1c3)]);
    let e = record.check().unwrap_err();
    assert_eq!(e.location, None);
    assert!(
        matches!(
            e.kind,
            RecordErrorKind::IllegalMove {
                number: 1,
                ply: 2,
                ..
            }
        ),
        "{e:?}"
    );
    assert!(GameTree::from_record(&record).is_err());
    // Written, it is in engine notation there, and reading names it.
    let text = record.to_string();
    assert!(text.contains("(1... c1c3)"), "{text}");
    assert!(matches!(
        Record::parse(&text).unwrap_err().kind,
        RecordErrorKind::IllegalMove { .. }
    ));
    // Empty variations are left out when written.
    record.moves[1].variations = vec![Vec::new(), vec![RecordMove::new(a2c2)]];
    let mut main_only = record.clone();
    main_only.moves[1].variations.retain(|v| !v.is_empty());
    assert_eq!(Record::parse(&record.to_string()), Ok(main_only));
    // Nesting deeper than the limit.
    let mut deep = Record::parse("1. b1-d3 *").unwrap();
    let b1d3 = deep.moves[0].mv;
    let mut line = vec![RecordMove::new(b1d3)];
    for _ in 0..=MAX_VARIATION_DEPTH {
        let mut m = RecordMove::new(b1d3);
        m.variations.push(line);
        line = vec![m];
    }
    deep.moves = line;
    assert!(matches!(
        deep.check().unwrap_err().kind,
        RecordErrorKind::VariationTooDeep {
            limit: MAX_VARIATION_DEPTH
        }
    ));
}

#[test]
fn old_records_read_and_write_byte_for_byte() {
    // Written by the writer before variations: no change.
    let text = "[Game \"Lines of Action\"]\n[Variant \"standard\"]\n[FirstPlayer \"Black\"]\n\
                [SimultaneousConnection \"draw\"]\n[Repetition \"draw\"]\n[Black \"Ann\"]\n\
                [White \"Gamut level 6\"]\n[Result \"*\"]\n\n\
                {a game} 1. b1-d3 {a quiet start} 1... a2-c2 2. d3xa6 h3xf1 *\n";
    let record = Record::parse(text).unwrap();
    assert!(record.moves.iter().all(|m| m.variations.is_empty()));
    assert_eq!(record.to_string(), text);
    for name in ["loa-standard.txt", "epaminondas.txt", "parachute.txt"] {
        let path = format!("{}/tests/data/records/{name}", env!("CARGO_MANIFEST_DIR"));
        let original = std::fs::read_to_string(path).unwrap();
        let record = Record::parse(&original).unwrap();
        assert!(record.moves.iter().all(|m| m.variations.is_empty()));
        let written = record.to_string();
        assert_eq!(Record::parse(&written), Ok(record.clone()));
        assert_eq!(Record::parse(&written).unwrap().to_string(), written);
        let tree = GameTree::from_record(&record).unwrap();
        assert_eq!(tree.to_record(), record);
        assert_eq!(tree.to_record().to_string(), written);
    }
}

#[test]
fn an_illegal_move_in_a_variation_is_refused_with_its_place() {
    let e = error("1. b1-d3 (1. c1-c3 a2-c2\n(1... h2-h5)) a2-c2 *");
    assert_eq!(e.location, at(2, 7));
    match &e.kind {
        RecordErrorKind::IllegalMove {
            number, ply, text, ..
        } => {
            assert_eq!((*number, *ply, text.as_str()), (1, 2, "h2-h5"));
        }
        other => panic!("{other:?}"),
    }
    assert!(e.to_string().starts_with("2:7: move 1 (h2-h5)"), "{e}");
    // A move number that does not count the variation's moves.
    let e = error("1. b1-d3 (1. c1-c3 a2-c2 (2... h2-f4)) a2-c2 *");
    assert_eq!(e.location, at(1, 27));
    assert_eq!(
        e.kind,
        RecordErrorKind::MoveNumber {
            found: 2,
            expected: 1
        }
    );
    // A move after the end of the game inside a variation.
    let e = error("[Position \"8/8/8/3w4/8/8/5w2/b1b5 b\"]\n1. c1-c2 (1. a1-b2 d5-d4) *");
    assert_eq!(e.location, at(2, 20));
    assert!(
        matches!(e.kind, RecordErrorKind::MoveAfterEnd { .. }),
        "{e:?}"
    );
}

#[test]
fn broken_variations_are_errors_with_their_place() {
    let cases: [(&str, Option<Location>, RecordErrorKind); 7] = [
        (
            "(1. b1-d3) *",
            at(1, 1),
            RecordErrorKind::VariationWithoutMove,
        ),
        (
            "{c} (1. b1-d3) *",
            at(1, 5),
            RecordErrorKind::VariationWithoutMove,
        ),
        (
            "1. b1-d3 (1. c1-c3 a2-c2",
            at(1, 10),
            RecordErrorKind::UnclosedVariation,
        ),
        ("1. b1-d3) *", at(1, 9), RecordErrorKind::StrayParenthesis),
        ("1. b1-d3 ( ) *", at(1, 10), RecordErrorKind::EmptyVariation),
        (
            "1. b1-d3 (1. c1-c3 *) *",
            at(1, 20),
            RecordErrorKind::ResultInVariation {
                result: GameResult::Unfinished,
            },
        ),
        (
            "1. b1-d3 * (1. c1-c3)",
            at(1, 12),
            RecordErrorKind::TextAfterResult {
                result: GameResult::Unfinished,
            },
        ),
    ];
    for (text, location, kind) in cases {
        let e = error(text);
        assert_eq!((e.location, &e.kind), (location, &kind), "{text}");
    }
}

#[test]
fn deep_nesting_and_garbage_are_refused_without_a_panic() {
    // Up to the limit reads; one more does not.
    let nested = |depth: usize| {
        let mut text = String::from("1. b1-d3 ");
        text.push_str(&"(1. b1-d3 ".repeat(depth));
        text.push_str(&")".repeat(depth));
        text.push_str(" *");
        text
    };
    let record = Record::parse(&nested(MAX_VARIATION_DEPTH)).unwrap();
    assert_eq!(Record::parse(&record.to_string()), Ok(record.clone()));
    assert!(GameTree::from_record(&record).is_ok());
    let e = error(&nested(MAX_VARIATION_DEPTH + 1));
    assert_eq!(
        e.kind,
        RecordErrorKind::VariationTooDeep {
            limit: MAX_VARIATION_DEPTH
        }
    );
    assert_eq!(e.location, at(1, 10 + 10 * MAX_VARIATION_DEPTH));
    // Ten thousand of them, with moves or without, and as many closing.
    let e = error(&nested(10_000));
    assert!(matches!(e.kind, RecordErrorKind::VariationTooDeep { .. }));
    assert_eq!(
        error(&"(".repeat(10_000)).kind,
        RecordErrorKind::VariationWithoutMove
    );
    let e = error(&format!("1. b1-d3 {}", "(".repeat(10_000)));
    assert_eq!(
        (e.location, e.kind),
        (at(1, 11), RecordErrorKind::VariationWithoutMove)
    );
    assert_eq!(
        error(&format!("1. b1-d3 {}", ")".repeat(10_000))).kind,
        RecordErrorKind::StrayParenthesis
    );
    assert!(Record::parse(&"1. b1-d3 (1. c1-c3 ".repeat(2_000)).is_err());
}

#[test]
fn a_tree_refuses_to_nest_deeper_than_a_record_may() {
    // A ladder: from the deepest node, play a main move, go back, play a variation.
    let mut tree = GameTree::new(GameConfig::default());
    let mut depth = 0;
    loop {
        let here = tree.current();
        let position = tree.current_position().clone();
        // Two moves that do not end the game.
        let legal: Vec<AnyMove> = position
            .legal_moves()
            .into_iter()
            .filter(|&m| {
                let mut after = position.clone();
                after.play_unchecked(m);
                after.outcome().is_none()
            })
            .take(2)
            .collect();
        if tree.children(here).is_empty() {
            tree.play(legal[0]).unwrap();
            tree.back();
        }
        match tree.play(legal[1]) {
            Ok(node) => {
                depth += 1;
                assert_eq!(tree.nesting(node), depth);
            }
            Err(e) => {
                assert_eq!(
                    e,
                    TreeError::TooDeep {
                        limit: MAX_VARIATION_DEPTH
                    }
                );
                assert_eq!(depth, MAX_VARIATION_DEPTH);
                assert_eq!(tree.current(), here, "nothing changed");
                break;
            }
        }
    }
    let deepest = tree.current();
    // The deepest tree saves and reopens.
    assert_saves_and_reopens(&tree);
    // Promoting the deepest line one level makes the main line a variation at depth 1 and
    // every other line one level deeper at most: the fork nearest to the deepest node swaps.
    let mut promoted = tree.clone();
    assert_eq!(promoted.promote(deepest), Ok(true));
    assert_eq!(promoted.nesting(deepest), MAX_VARIATION_DEPTH - 1);
    // Making it the main line demotes the old main line of each fork to depth 1: fine.
    let mut main = tree.clone();
    assert_eq!(main.make_main_line(deepest), Ok(true));
    assert!(main.is_main_line(deepest));
    assert_saves_and_reopens(&main);
}

// ---------------------------------------------------------------------------------------------
// Random trees

/// What a random edit does.
#[derive(Debug, Clone)]
enum Edit {
    /// Plays the `n`th legal move (modulo their number).
    Play(usize),
    /// Goes back `n` moves.
    Back(usize),
    /// Goes to the `n`th node (modulo the arena).
    GoTo(usize),
    /// Sets a comment on the current node.
    Comment(String),
    /// Promotes the current node one level.
    Promote,
    /// Makes the current line the main line.
    MainLine,
    /// Deletes the current node (not the root).
    Delete,
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        8 => any::<usize>().prop_map(Edit::Play),
        3 => (1usize..6).prop_map(Edit::Back),
        2 => any::<usize>().prop_map(Edit::GoTo),
        1 => "[a-z{}() ]{0,12}".prop_map(Edit::Comment),
        1 => Just(Edit::Promote),
        1 => Just(Edit::MainLine),
        1 => Just(Edit::Delete),
    ]
}

fn configs() -> Vec<GameConfig> {
    let mut out: Vec<GameConfig> = loa::Variant::ALL.into_iter().map(loa).collect();
    out.push(epaminondas_small());
    out.push(GameConfig {
        kind: GameKind::Epaminondas,
        ..GameConfig::default()
    });
    let mut white_first = GameConfig::default();
    white_first.loa.first_player = gamut_engine::Color::White;
    out.push(white_first);
    out
}

fn apply(tree: &mut GameTree, edit: &Edit) {
    match edit {
        Edit::Play(n) => {
            let moves = tree.current_position().legal_moves();
            if !moves.is_empty() {
                let _ = tree.play(moves[n % moves.len()]);
            }
        }
        Edit::Back(n) => {
            for _ in 0..*n {
                tree.back();
            }
        }
        Edit::GoTo(n) => {
            let node = tree.path(tree.current())[n % (tree.ply(tree.current()) + 1)];
            let children = tree.children(node).to_vec();
            let target = if children.is_empty() {
                node
            } else {
                children[n % children.len()]
            };
            tree.go_to(target).unwrap();
        }
        Edit::Comment(text) => tree
            .set_comment(tree.current(), Some(text.clone()))
            .unwrap(),
        Edit::Promote => {
            let _ = tree.promote(tree.current());
        }
        Edit::MainLine => {
            let _ = tree.make_main_line(tree.current());
        }
        Edit::Delete => {
            if tree.current() != tree.root() {
                tree.delete(tree.current()).unwrap();
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Random analyses of every game: the record of the tree reads back to the same tree, the
    /// move list is the record's text, and the current position is the replayed line.
    #[test]
    fn random_trees_round_trip_through_the_text(
        config in 0usize..100,
        edits in prop::collection::vec(edit(), 0..80),
    ) {
        let configs = configs();
        let config = configs[config % configs.len()];
        let mut tree = GameTree::new(config);
        for e in &edits {
            apply(&mut tree, e);
            let current = tree.current();
            prop_assert_eq!(
                tree.current_position().to_text(),
                tree.position(current).to_text()
            );
            prop_assert_eq!(tree.current_position().moves_played(), tree.line_moves(current));
        }
        assert_saves_and_reopens(&tree);
        // Every node's children have different moves.
        for e in tree.entries() {
            let children = tree.children(e.node);
            let mut moves: Vec<String> =
                children.iter().map(|&c| tree.move_of(c).unwrap().to_string()).collect();
            moves.sort();
            moves.dedup();
            prop_assert_eq!(moves.len(), children.len());
        }
    }

    /// Text that is not a record never panics the reader, however its parentheses nest.
    #[test]
    fn parenthesis_garbage_never_panics(
        text in "[()b1d3c-{} \n*.]{0,200}",
    ) {
        let _ = Record::parse(&text);
        if let Ok(record) = Record::parse(&text) {
            prop_assert_eq!(Record::parse(&record.to_string()), Ok(record));
        }
    }
}

#[test]
fn long_random_games_with_branches_round_trip() {
    for (i, config) in configs().into_iter().enumerate() {
        let mut rng = StdRng::seed_from_u64(i as u64);
        let mut tree = GameTree::new(config);
        for _ in 0..300 {
            let roll = rng.random_range(0..10);
            if roll < 7 {
                let moves = tree.current_position().legal_moves();
                if moves.is_empty() {
                    tree.back();
                } else {
                    let _ = tree.play(moves[rng.random_range(0..moves.len())]);
                }
            } else if roll < 9 {
                for _ in 0..rng.random_range(1..8) {
                    tree.back();
                }
            } else {
                let text = format!("note {}", rng.random_range(0..1000));
                tree.set_comment(tree.current(), Some(text)).unwrap();
            }
        }
        let reopened = assert_saves_and_reopens(&tree);
        let position: AnyPosition = reopened.position(*reopened.main_line().last().unwrap());
        assert_eq!(
            reopened.to_record().replay().unwrap().to_text(),
            position.to_text()
        );
    }
}
