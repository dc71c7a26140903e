//! The title screen: the name over the table (the camera circles it slowly) and the main
//! choices — resume, play against the computer, hot-seat, the exhibition, lessons, puzzles,
//! the board editor, your strength, about the games, open, settings, quit.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gamut_engine::level::Level;

use super::style::{ACCENT, MUTED};
use crate::i18n::Words;
use crate::model::{GameSettings, Player};
use crate::persist::{PersistRequest, ResumeOffer};
use crate::play::{Dialogs, MenuScreen, Modal};
use crate::strength::{Ratings, StrengthScreen};

/// What the title screen's buttons change.
#[derive(bevy::ecs::system::SystemParam)]
pub(super) struct TitleActions<'w> {
    dialogs: Dialogs<'w>,
    screen: ResMut<'w, NextState<MenuScreen>>,
    rules_page: ResMut<'w, super::about::RulesPage>,
    settings: ResMut<'w, GameSettings>,
    offer: ResMut<'w, ResumeOffer>,
    exhibition: MessageWriter<'w, crate::play::StartExhibition>,
    learn: MessageWriter<'w, crate::play::OpenLearn>,
    editor: MessageWriter<'w, crate::play::OpenEditor>,
    requests: MessageWriter<'w, PersistRequest>,
    exit: MessageWriter<'w, AppExit>,
    strength: ResMut<'w, StrengthScreen>,
    analyses: MessageWriter<'w, crate::play::OpenAnalysis>,
}

/// A choice on the title screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Choice {
    Resume,
    AgainstComputer,
    HotSeat,
    Exhibition,
    Tournament,
    Lessons,
    Puzzles,
    Editor,
    Strength,
    Tables,
    Analysis,
    About,
    Open,
    Settings,
    Quit,
}

pub(super) fn title_screen(
    mut contexts: EguiContexts,
    words: Res<Words>,
    ratings: Res<Ratings>,
    roster: Res<crate::strength::Roster>,
    news: Res<crate::play::TournamentNews>,
    mut to: TitleActions,
) -> Result {
    // Runs at the title with no dialog over it (see `UiPlugin`).
    let ctx = contexts.ctx_mut()?;
    let resume_line =
        to.offer.0.as_ref().map(|summary| {
            super::text::resume_offer(&words, &summary.settings, summary.move_number)
        });
    // The ratings file's problem, and the players file's (each a line of its own).
    let problems: Vec<String> = [
        ratings
            .problem()
            .map(|p| super::problems::file_report(&words, p)),
        roster
            .problem()
            .map(|p| super::problems::file_report(&words, p)),
    ]
    .into_iter()
    .flatten()
    .collect();
    let ratings_problem = (!problems.is_empty()).then(|| problems.join("\n"));
    let tournament = tournament_line(&words, &news);
    let lines = Lines {
        resume: resume_line.as_deref(),
        ratings_problem: ratings_problem.as_deref(),
        tournament: tournament.as_deref(),
        in_a_page: cfg!(target_arch = "wasm32"),
    };
    if let Some(choice) = draw(ctx, &words, lines) {
        // A choice pressed with Enter or Space (a focused button) ends there: the dialog it
        // opens does not take the same key as its own.
        ctx.input_mut(|i| {
            i.consume_key(egui::Modifiers::NONE, egui::Key::Enter);
            i.consume_key(egui::Modifiers::NONE, egui::Key::Space);
        });
        act(choice, &mut to);
    }
    Ok(())
}

/// The title's tournament button when a tournament is under way (not finished): "Resume
/// tournament, round 2"; none otherwise (the button then says "Tournament night").
fn tournament_line(w: &Words, news: &crate::play::TournamentNews) -> Option<String> {
    let round = news.under_way?;
    Some(w.t_with("title-tournament-resume", [("round", round.into())]))
}

/// The title screen's lines that depend on the player's files.
#[derive(Debug, Clone, Copy, Default)]
pub struct Lines<'a> {
    /// The Resume button's words, when there is a game to resume.
    pub resume: Option<&'a str>,
    /// What went wrong with the ratings file, if anything (under "Your strength").
    pub ratings_problem: Option<&'a str>,
    /// The tournament button's words when a tournament is under way (it then resumes it).
    pub tournament: Option<&'a str>,
    /// The game runs in a browser's page: no Quit (the browser closes its tab; quitting left
    /// a dead page).
    pub in_a_page: bool,
}

/// The title screen, centred over the table: its name and the main choices, in a column that
/// scrolls when the window is too short for it (a small window, a large UI scale). The choice
/// the player clicked, if any.
pub fn draw(ctx: &egui::Context, words: &Words, lines: Lines) -> Option<Choice> {
    let screen = ctx.content_rect();
    // Narrow margins on a small screen; the room left for the column, a little air around it.
    let margin = if screen.width() < 640.0 { 12 } else { 48 };
    // Less air above and below the column in a window of common height.
    let air: i8 = if screen.height() < 900.0 { 16 } else { 32 };
    let room = (screen.height() - 2.0 * f32::from(air) - 24.0).max(120.0);
    let width = (screen.width() - 2.0 * f32::from(margin) - 24.0).clamp(160.0, 400.0);
    let mut choice = None;
    egui::Area::new(AREA.into())
        .anchor(egui::Align2::CENTER_CENTER, egui::vec2(0.0, 0.0))
        .show(ctx, |ui| {
            egui::Frame::new()
                .fill(egui::Color32::from_black_alpha(190))
                .corner_radius(18)
                .inner_margin(egui::Margin::symmetric(margin, air))
                .stroke(egui::Stroke::new(1.0, ACCENT.gamma_multiply(0.4)))
                .show(ui, |ui| {
                    // A bar that shows whenever the column scrolls, not only under the pointer.
                    ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
                    // An anchored area offers its contents only the room below its centre
                    // at first: the column asks for all its room, so that it scrolls only
                    // when the window is really too short.
                    egui::ScrollArea::vertical()
                        .max_height(room)
                        .min_scrolled_height(room)
                        .show(ui, |ui| {
                            ui.set_max_width(width);
                            ui.vertical_centered(|ui| {
                                header(ui, words, room);
                                let height = if room < 560.0 {
                                    36.0
                                } else if room < COMPACT_BELOW {
                                    40.0
                                } else {
                                    44.0
                                };
                                choice = buttons(ui, words, lines, egui::vec2(width, height));
                            });
                        });
                });
        });
    choice
}

/// The room (egui points) under which the title is set compact (smaller buttons and header), so
/// that every choice fits without scrolling in a 1280×800 window with a game to resume.
const COMPACT_BELOW: f32 = 760.0;

/// The title screen's area (its rectangle is in egui's memory under this name).
pub const AREA: &str = "title";

/// The name, smaller when the room is short so the choices keep theirs.
fn header(ui: &mut egui::Ui, words: &Words, room: f32) {
    // Smaller in a compact column, so the choices keep their room.
    let share = if room < COMPACT_BELOW { 0.11 } else { 0.16 };
    let name_size = (room * share - 20.0).clamp(44.0, 110.0);
    // And never wider than the column (a phone held upright): the name on one line.
    let font = egui::FontId::proportional(name_size);
    let wide = ui.fonts_mut(|f| f.layout_no_wrap("GAMUT".into(), font, ACCENT).size().x);
    let name_size = name_size * (ui.available_width() / wide).min(1.0);
    let name = ui.add(
        egui::Label::new(
            egui::RichText::new("GAMUT")
                .size(name_size)
                .color(ACCENT)
                .strong(),
        )
        .extend(),
    );
    super::landmark::mark(ui, "title/name", &name);
    let games_size = if room < COMPACT_BELOW { 22.0 } else { 30.0 };
    ui.label(egui::RichText::new(words.t("title-games")).size(games_size));
    ui.label(
        egui::RichText::new(words.t("title-source"))
            .size(18.0)
            .italics()
            .color(MUTED),
    );
    ui.add_space(if room < COMPACT_BELOW { 8.0 } else { 22.0 });
}

fn buttons(ui: &mut egui::Ui, words: &Words, lines: Lines, size: egui::Vec2) -> Option<Choice> {
    let mut choice = None;
    // Two related choices share a row (the column stays short enough for a 1280×800 window):
    // each in half of it, its words wrapped there.
    let pair = |ui: &mut egui::Ui,
                first: (&str, Choice),
                second: (&str, Choice),
                choice: &mut Option<Choice>| {
        ui.columns(2, |columns| {
            for (column, (key, which)) in columns.iter_mut().zip([first, second]) {
                let half = egui::vec2(column.available_width(), size.y);
                let text = match (which, lines.tournament) {
                    (Choice::Tournament, Some(resume)) => resume.to_string(),
                    _ => words.t(key),
                };
                column.vertical_centered(|ui| choice_button(ui, text, which, half, choice));
            }
        });
    };
    if let Some(line) = lines.resume {
        choice_button(ui, line.to_string(), Choice::Resume, size, &mut choice);
    }
    let single = [
        ("title-against-computer", Choice::AgainstComputer),
        ("title-hot-seat", Choice::HotSeat),
    ];
    for (key, which) in single {
        choice_button(ui, words.t(key), which, size, &mut choice);
    }
    pair(
        ui,
        ("title-exhibition", Choice::Exhibition),
        ("title-tournament", Choice::Tournament),
        &mut choice,
    );
    pair(
        ui,
        ("title-lessons", Choice::Lessons),
        ("title-puzzles", Choice::Puzzles),
        &mut choice,
    );
    pair(
        ui,
        ("title-editor", Choice::Editor),
        ("title-analysis", Choice::Analysis),
        &mut choice,
    );
    pair(
        ui,
        ("strength-title", Choice::Strength),
        ("title-tables", Choice::Tables),
        &mut choice,
    );
    if let Some(problem) = lines.ratings_problem {
        let text = egui::RichText::new(problem).size(15.0).color(MUTED);
        let line = ui.add(egui::Label::new(text).wrap());
        super::landmark::mark(ui, "title/ratings-problem", &line);
    }
    let rest = [
        ("title-about", Choice::About),
        ("title-open", Choice::Open),
        ("title-settings", Choice::Settings),
        ("title-quit", Choice::Quit),
    ];
    for (key, which) in rest {
        if which == Choice::Quit && lines.in_a_page {
            continue;
        }
        choice_button(ui, words.t(key), which, size, &mut choice);
    }
    choice
}

/// One of the title's buttons, `size` large; a click sets `choice`.
fn choice_button(
    ui: &mut egui::Ui,
    text: String,
    which: Choice,
    size: egui::Vec2,
    choice: &mut Option<Choice>,
) {
    // A smaller text where the column is short, so every choice shows at once.
    let font = if size.y < 44.0 { 22.0 } else { 24.0 };
    let button = egui::Button::new(egui::RichText::new(text).size(font))
        .wrap()
        .min_size(size);
    let response = ui.add(button);
    super::landmark::mark(ui, which.landmark(), &response);
    if response.clicked() {
        *choice = Some(which);
    }
}

impl Choice {
    /// The button's name for the developer tools.
    fn landmark(self) -> &'static str {
        match self {
            Choice::Resume => "title/resume",
            Choice::AgainstComputer => "title/against-computer",
            Choice::HotSeat => "title/hot-seat",
            Choice::Exhibition => "title/exhibition",
            Choice::Tournament => "title/tournament",
            Choice::Lessons => "title/lessons",
            Choice::Puzzles => "title/puzzles",
            Choice::Editor => "title/editor",
            Choice::Strength => "title/strength",
            Choice::Tables => "title/tables",
            Choice::Analysis => "title/analysis",
            Choice::About => "title/about",
            Choice::Open => "title/open",
            Choice::Settings => "title/settings",
            Choice::Quit => "title/quit",
        }
    }
}

fn act(choice: Choice, to: &mut TitleActions) {
    match choice {
        Choice::Resume => {
            to.requests.write(PersistRequest::Resume);
            to.offer.0 = None;
        }
        Choice::AgainstComputer => {
            against_computer(&mut to.settings);
            to.dialogs.open(Modal::NewGame);
        }
        Choice::HotSeat => {
            hot_seat(&mut to.settings);
            to.dialogs.open(Modal::NewGame);
        }
        Choice::Exhibition => {
            to.exhibition.write(crate::play::StartExhibition);
        }
        Choice::Tournament => to.screen.set(MenuScreen::Tournament),
        Choice::Tables => to.screen.set(MenuScreen::Tables),
        Choice::Lessons => {
            to.learn.write(crate::play::OpenLearn::Lessons);
        }
        Choice::Puzzles => {
            to.learn.write(crate::play::OpenLearn::Puzzles);
        }
        Choice::Editor => {
            to.editor.write(crate::play::OpenEditor);
        }
        Choice::Strength => {
            to.screen.set(MenuScreen::Strength);
            to.strength.kind = to.settings.config.kind;
        }
        Choice::Analysis => {
            let game = crate::model::CurrentGame::new(to.settings.config);
            to.analyses
                .write(crate::play::OpenAnalysis::Game(Box::new(game)));
        }
        Choice::About => {
            *to.rules_page = super::about::RulesPage {
                about: true,
                kind: None,
            };
            to.dialogs.show_rules();
        }
        Choice::Open => to.dialogs.open(Modal::Saves),
        Choice::Settings => to.dialogs.open(Modal::Settings),
        Choice::Quit => {
            to.exit.write(AppExit::Success);
        }
    }
}

/// A person against the computer: the person keeps Black, White is the computer (at the level
/// last chosen, if any seat had one).
pub fn against_computer(settings: &mut GameSettings) {
    let level = [
        settings.black,
        settings.white,
        settings.black_marked,
        settings.white_marked,
    ]
    .into_iter()
    .find_map(|p| match p {
        Player::Computer(level) => Some(level),
        Player::Human | Player::Remote => None,
    })
    .unwrap_or(Level::new(2).unwrap_or(Level::MIN));
    settings.black = Player::Human;
    settings.black_marked = Player::Human;
    settings.white = Player::Computer(level);
    settings.white_marked = Player::Computer(level);
}

/// Everyone at the one screen.
pub fn hot_seat(settings: &mut GameSettings) {
    settings.black = Player::Human;
    settings.white = Player::Human;
    settings.black_marked = Player::Human;
    settings.white_marked = Player::Human;
}

#[cfg(test)]
mod tests {
    /// The tournament button resumes a night under way, saying its round; none without one.
    #[test]
    fn the_title_offers_to_resume_a_night_under_way() {
        let w = Words::from_assets(crate::model::Language::English);
        let none = crate::play::TournamentNews::default();
        assert_eq!(tournament_line(&w, &none), None);
        let round_two = crate::play::TournamentNews {
            under_way: Some(2),
            playing: None,
        };
        assert_eq!(
            tournament_line(&w, &round_two).as_deref(),
            Some("Resume tournament, round 2")
        );
    }

    use super::*;
    use crate::model::Language;
    use crate::ui::layout_check::{ALL_SIZES, SCALES, Screen, fits};

    const ALL: [Choice; 15] = [
        Choice::Resume,
        Choice::AgainstComputer,
        Choice::HotSeat,
        Choice::Exhibition,
        Choice::Tournament,
        Choice::Lessons,
        Choice::Puzzles,
        Choice::Editor,
        Choice::Analysis,
        Choice::Strength,
        Choice::Tables,
        Choice::About,
        Choice::Open,
        Choice::Settings,
        Choice::Quit,
    ];

    /// On a phone held upright (390×844) the name keeps to one line (it broke as "GAMU / T").
    #[test]
    fn the_name_keeps_to_one_line_on_a_phone() {
        let words = Words::from_assets(Language::English);
        for (width, height) in [(390.0, 844.0), (320.0, 640.0), (1280.0, 800.0)] {
            let screen = Screen::new(width, height, 1.0);
            let mut show = |ctx: &egui::Context| {
                draw(ctx, &words, Lines::default());
            };
            for _ in 0..3 {
                screen.pass(Vec::new(), &mut show);
            }
            let name = crate::ui::landmark::rect(&screen.ctx, "title/name").expect("drawn");
            assert!(
                name.height() < name.width() / 2.0,
                "{width}x{height}: the name is {name:?}"
            );
        }
    }

    /// Every choice of the title screen (with a game to resume) can be reached in every window
    /// size, UI scale and language: seen whole in the window, scrolling if need be.
    #[test]
    fn every_choice_can_be_reached_at_every_size_and_scale() {
        for language in Language::ALL {
            let words = Words::from_assets(language);
            let resume = super::super::text::resume_offer(&words, &GameSettings::default(), 11);
            let problem = super::super::problems::file_report(
                &words,
                &crate::model::FileReport {
                    file: crate::model::DataFile::Ratings,
                    name: "ratings.json".into(),
                    fate: crate::model::Fate::LeftAlone {
                        why: crate::model::FileProblem::Unreadable(
                            crate::model::FileTrouble::NoPermission,
                        ),
                    },
                },
            );
            let tournament = words.t_with("title-tournament-resume", [("round", 12.into())]);
            for (width, height) in ALL_SIZES {
                for scale in SCALES {
                    if !fits(width, scale) {
                        continue;
                    }
                    let screen = Screen::new(width, height, scale);
                    for choice in ALL {
                        let mut show = |ctx: &egui::Context| {
                            let lines = Lines {
                                resume: Some(&resume),
                                ratings_problem: Some(&problem),
                                tournament: Some(&tournament),
                                in_a_page: false,
                            };
                            draw(ctx, &words, lines);
                        };
                        if let Err(problem) = screen.reach(AREA, choice.landmark(), &mut show) {
                            panic!("{language:?}: {problem}");
                        }
                    }
                }
            }
        }
    }

    /// Where there is room (1280×800 and up at 100 %), every choice shows at once, with no
    /// scrolling — also when the window first opened smaller and then grew, as it does when the
    /// remembered size is applied.
    #[test]
    fn every_choice_shows_without_scrolling_where_there_is_room() {
        let words = Words::from_assets(Language::French);
        for first in [None, Some((800.0, 600.0)), Some((320.0, 240.0))] {
            // 1280×657: a laptop's browser window under its bars (the page: no Quit).
            for (width, height) in [(1280.0, 800.0), (1280.0, 657.0), (1920.0, 1080.0)] {
                let mut screen = Screen::new(width, height, 1.0);
                let in_a_page = height < 700.0;
                let mut show = |ctx: &egui::Context| {
                    let lines = Lines {
                        in_a_page,
                        ..Lines::default()
                    };
                    draw(ctx, &words, lines);
                };
                if let Some((w, h)) = first {
                    screen = Screen::new(w, h, 1.0);
                    for _ in 0..3 {
                        screen.pass(Vec::new(), &mut show);
                    }
                    screen = screen.resized(width, height);
                }
                for _ in 0..4 {
                    screen.pass(Vec::new(), &mut show);
                }
                let area = screen
                    .ctx
                    .memory(|m| m.area_rect(egui::Id::new(AREA)))
                    .expect("the title column");
                for choice in ALL[1..]
                    .iter()
                    .filter(|c| !in_a_page || **c != Choice::Quit)
                {
                    let button = crate::ui::landmark::rect(&screen.ctx, choice.landmark())
                        .expect("the choice is drawn");
                    assert!(
                        area.contains_rect(button) && screen.rect().contains_rect(area),
                        "{choice:?} not in view at {width}x{height} (first {first:?}): \
                         {button:?} in {area:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn against_the_computer_keeps_the_level_last_chosen() {
        let mut s = GameSettings {
            black: Player::Computer(Level::new(5).unwrap()),
            white: Player::Human,
            ..GameSettings::default()
        };
        against_computer(&mut s);
        assert_eq!(s.black, Player::Human);
        assert_eq!(s.white, Player::Computer(Level::new(5).unwrap()));
        hot_seat(&mut s);
        assert!(!s.white.is_computer() && !s.white_marked.is_computer());
        against_computer(&mut s);
        assert_eq!(s.white, Player::Computer(Level::new(2).unwrap()));
    }
}
