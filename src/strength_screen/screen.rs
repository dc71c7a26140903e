//! The "Your strength" screen over the title: per game, the rating and its deviation, the games
//! counted, the graph of the rating after each game, and the level to play next with a button
//! that starts a game against it. (The words of a rating and of its change, which the game-over
//! panel shows too, are in `crate::ui::text`.)

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use egui_plot::{HLine, Line, Plot};
use gamut_engine::any_game::GameKind;
use gamut_engine::level::Level;

use crate::i18n::Words;
use crate::model::{ChosenNames, GameSettings, SeatNames};
use crate::play::{GameCommand, MenuScreen};
use crate::strength::roster::Person;
use crate::strength::{
    Rating, Ratings, Roster, Score, StrengthScreen, against_level,
    ladder::{closest_level, level_rating},
};
use crate::ui::style::{ACCENT, MUTED};
use crate::ui::text::{self, rating_text, whole};

/// The screen's area (its rectangle is in egui's memory under this id).
pub const AREA: &str = "strength";

/// What the screen shows of one game.
#[derive(Debug, Clone, PartialEq)]
pub struct GameStrength {
    /// The game.
    pub kind: GameKind,
    /// The rating before the first game and after each.
    pub history: Vec<Rating>,
    /// Games won, drawn and lost.
    pub scores: [usize; 3],
    /// The level to play next.
    pub suggested: Level,
    /// Whose strength: a named person's, or the unnamed person's (`None`).
    pub who: Option<String>,
    /// The named people to choose from (none: no choice is offered).
    pub people: Vec<String>,
}

impl GameStrength {
    /// What `ratings` say of `kind`.
    pub fn of(ratings: &Ratings, kind: GameKind) -> GameStrength {
        let count = |score| {
            ratings
                .results(kind)
                .iter()
                .filter(|r| r.score == score)
                .count()
        };
        GameStrength {
            kind,
            history: ratings.history(kind),
            scores: [count(Score::Win), count(Score::Draw), count(Score::Loss)],
            suggested: ratings.suggested_level(kind),
            who: None,
            people: Vec::new(),
        }
    }

    /// What `person`'s results say of `kind`.
    pub fn of_person(person: &Person, kind: GameKind) -> GameStrength {
        let count = |score| {
            person
                .results(kind)
                .iter()
                .filter(|r| r.score == score)
                .count()
        };
        let history = person.history(kind);
        let now = history[history.len() - 1];
        GameStrength {
            kind,
            scores: [count(Score::Win), count(Score::Draw), count(Score::Loss)],
            suggested: closest_level(kind, now.value),
            history,
            who: Some(person.name.clone()),
            people: Vec::new(),
        }
    }

    /// The strength of `who` (a name on `roster`, else the unnamed person) in `kind`, with the
    /// roster's names to choose from.
    pub fn shown(ratings: &Ratings, roster: &Roster, kind: GameKind, who: Option<&str>) -> Self {
        let mut shown = match who.and_then(|name| roster.person(name)) {
            Some(person) => GameStrength::of_person(person, kind),
            None => GameStrength::of(ratings, kind),
        };
        shown.people = roster.names().into_iter().map(String::from).collect();
        shown
    }

    fn rating(&self) -> Rating {
        self.history[self.history.len() - 1]
    }

    fn games(&self) -> usize {
        self.history.len() - 1
    }
}

/// What the player asked of the screen.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StrengthChoice {
    /// Show another game.
    Show(GameKind),
    /// Show another person's strength (`None`: the unnamed person's).
    Whose(Option<String>),
    /// Play the game shown against this level.
    Play(GameKind, Level),
    /// Back to the title.
    Close,
}

pub(super) fn strength_screen(
    mut contexts: EguiContexts,
    words: Res<Words>,
    ratings: Res<Ratings>,
    roster: Res<Roster>,
    mut screen: ResMut<StrengthScreen>,
    mut to_title: ResMut<NextState<MenuScreen>>,
    mut settings: ResMut<GameSettings>,
    mut names: ResMut<ChosenNames>,
    mut commands: MessageWriter<GameCommand>,
) -> Result {
    // Runs while the screen is open at the title (see `UiPlugin`).
    let ctx = contexts.ctx_mut()?;
    let shown = GameStrength::shown(&ratings, &roster, screen.kind, screen.who.as_deref());
    let problem = roster
        .problem()
        .or(ratings.problem())
        .map(|p| crate::ui::problems::file_report(&words, p));
    match draw(ctx, &words, &shown, problem.as_deref()) {
        Some(StrengthChoice::Show(kind)) => screen.kind = kind,
        Some(StrengthChoice::Whose(who)) => screen.who = who,
        Some(StrengthChoice::Play(kind, level)) => {
            *settings = against_level(&settings, kind, level);
            // The person shown plays: their name at their colour.
            let mut seated = SeatNames::default();
            if let Some(side) = settings.persons_colour() {
                seated.0[side.index()] = shown.who.clone();
            }
            names.set_if_neq(ChosenNames(seated));
            commands.write(GameCommand::NewGame);
        }
        Some(StrengthChoice::Close) => to_title.set(MenuScreen::Title),
        None => {}
    }
    Ok(())
}

/// The screen in the middle of the window, showing `shown` (and the ratings file's `problem`):
/// it scrolls when the window is too short for it, Close staying in view; `Esc` closes it.
pub fn draw(
    ctx: &egui::Context,
    w: &Words,
    shown: &GameStrength,
    problem: Option<&str>,
) -> Option<StrengthChoice> {
    let screen = ctx.content_rect();
    let width = (screen.width() - 40.0).clamp(200.0, 640.0);
    let top = (screen.height() * 0.05).clamp(4.0, 40.0);
    let room = (screen.height() - top - 150.0).max(60.0);
    let mut choice = None;
    egui::Window::new(w.t("strength-title"))
        .id(egui::Id::new(AREA))
        .collapsible(false)
        .resizable(false)
        .min_width(width)
        .max_width(width)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(0.0, top))
        .show(ctx, |ui| {
            ui.spacing_mut().scroll = egui::style::ScrollStyle::solid();
            egui::ScrollArea::vertical()
                .max_height(room)
                .show(ui, |ui| {
                    ui.set_width(ui.available_width());
                    choice = body(ui, w, shown, problem, room);
                });
            ui.add_space(6.0);
            let close = ui.button(w.t("strength-close"));
            crate::ui::landmark::mark(ui, "strength/close", &close);
            if close.clicked() {
                choice = Some(StrengthChoice::Close);
            }
        });
    if choice.is_none() && ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        choice = Some(StrengthChoice::Close);
    }
    choice
}

fn body(
    ui: &mut egui::Ui,
    w: &Words,
    shown: &GameStrength,
    problem: Option<&str>,
    room: f32,
) -> Option<StrengthChoice> {
    let mut choice = None;
    let intro = egui::RichText::new(w.t("strength-intro")).color(MUTED);
    ui.add(egui::Label::new(intro).wrap());
    if let Some(problem) = problem {
        let line = egui::RichText::new(problem).color(egui::Color32::from_rgb(230, 150, 90));
        ui.add(egui::Label::new(line).wrap());
    }
    ui.add_space(6.0);
    if !shown.people.is_empty() {
        choice = whose(ui, w, shown).or(choice);
    }
    ui.horizontal_wrapped(|ui| {
        for kind in GameKind::ALL {
            let tab = ui.selectable_label(shown.kind == kind, text::game_name(w, kind));
            crate::ui::landmark::mark(ui, format!("strength/game/{}", kind.name()), &tab);
            if tab.clicked() && shown.kind != kind {
                choice = Some(StrengthChoice::Show(kind));
            }
        }
    });
    ui.separator();
    let rating = shown.rating();
    let big = egui::RichText::new(rating_text(w, rating))
        .size(34.0)
        .color(ACCENT)
        .strong();
    let label = ui.add(egui::Label::new(big).wrap());
    crate::ui::landmark::mark(ui, format!("strength/rating/{}", shown.kind.name()), &label);
    ui.add(egui::Label::new(games_line(w, shown.scores)).wrap());
    if shown.games() == 0 {
        let start = Level::new(crate::strength::ladder::START_LEVEL).unwrap_or_default();
        let line = w.t_with(
            "strength-start",
            [
                ("level", start.number().into()),
                ("name", text::level_name(w, start).into()),
            ],
        );
        ui.add(egui::Label::new(egui::RichText::new(line).color(MUTED)).wrap());
    } else {
        graph(ui, w, shown, (room * 0.4).clamp(70.0, 220.0));
    }
    ui.add_space(6.0);
    let level = shown.suggested;
    let suggested = w.t_with(
        "strength-suggested",
        [
            ("level", level.number().into()),
            ("name", text::level_name(w, level).into()),
            ("rating", whole(level_rating(shown.kind, level)).into()),
        ],
    );
    ui.add(egui::Label::new(suggested).wrap());
    let play = ui.button(
        egui::RichText::new(w.t_with("strength-play", [("level", level.number().into())]))
            .size(22.0),
    );
    crate::ui::landmark::mark(ui, "strength/play", &play);
    if play.clicked() {
        choice = Some(StrengthChoice::Play(shown.kind, level));
    }
    choice
}

/// The row of whose strength is shown: the unnamed person's ("You") and each named person's.
fn whose(ui: &mut egui::Ui, w: &Words, shown: &GameStrength) -> Option<StrengthChoice> {
    let mut choice = None;
    ui.horizontal_wrapped(|ui| {
        ui.label(w.t("players-whose"));
        let you = ui.selectable_label(shown.who.is_none(), w.t("players-you"));
        crate::ui::landmark::mark(ui, "strength/who/you", &you);
        if you.clicked() && shown.who.is_some() {
            choice = Some(StrengthChoice::Whose(None));
        }
        for name in &shown.people {
            let on = shown.who.as_deref() == Some(name.as_str());
            let tab = ui.selectable_label(on, name);
            crate::ui::landmark::mark(ui, format!("strength/who/{name}"), &tab);
            if tab.clicked() && !on {
                choice = Some(StrengthChoice::Whose(Some(name.clone())));
            }
        }
    });
    choice
}

/// The rating after each game, with its band of ± one deviation and the suggested level's
/// rating.
fn graph(ui: &mut egui::Ui, w: &Words, shown: &GameStrength, height: f32) {
    let points = |offset: f64| -> Vec<[f64; 2]> {
        shown
            .history
            .iter()
            .enumerate()
            .map(|(i, r)| [i as f64, r.value + offset * r.deviation])
            .collect()
    };
    let level = level_rating(shown.kind, shown.suggested);
    let last = shown.rating();
    let response = Plot::new("strength graph")
        .height(height)
        .include_x(0.0)
        .include_x(shown.games().max(1) as f64)
        .include_y(last.value - last.deviation)
        .include_y(last.value + last.deviation)
        .x_axis_label(w.t("strength-graph-axis"))
        .allow_drag(false)
        .allow_zoom(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .allow_double_click_reset(false)
        // No coordinates under the pointer: egui_plot wrote the rating there with decimals
        // (1199.6, read as 1199 beside the 1200 above the graph); the rating is said once, whole.
        .show_x(false)
        .show_y(false)
        .show(ui, |plot| {
            plot.hline(HLine::new(text::level_name(w, shown.suggested), level).color(MUTED));
            for offset in [-1.0, 1.0] {
                plot.line(
                    Line::new(w.t("strength-graph-band"), points(offset))
                        .color(MUTED)
                        .width(1.0),
                );
            }
            plot.line(
                Line::new(w.t("strength-graph-rating"), points(0.0))
                    .color(ACCENT)
                    .width(2.5),
            );
        });
    crate::ui::landmark::mark(ui, "strength/graph", &response.response);
}

/// How many games counted and how they went: `8 games: 4 won, 1 drawn, 3 lost.`
fn games_line(w: &Words, [wins, draws, losses]: [usize; 3]) -> String {
    w.t_with(
        "strength-games",
        [
            ("games", (wins + draws + losses).into()),
            ("wins", wins.into()),
            ("draws", draws.into()),
            ("losses", losses.into()),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{FileTrouble, Language};
    use crate::strength::{GameResult, RatingChange};
    use crate::ui::layout_check::everywhere;
    use crate::ui::text::rating_change;

    fn played(games: usize) -> Ratings {
        let mut ratings = Ratings::default();
        for i in 0..games {
            let score = [Score::Win, Score::Loss, Score::Draw][i % 3];
            let level = Level::new(3 + (i % 4) as u8).unwrap();
            ratings.record(
                GameKind::LinesOfAction,
                GameResult {
                    level,
                    score,
                    at: 0,
                },
            );
        }
        ratings
    }

    /// The screen's controls can be reached at every size, scale and language, with no game
    /// yet (Epaminondas) and after many games with the file's longest problem shown; nothing
    /// overlaps or runs out.
    /// The screen's controls are drawn in the first frame where they stay (Close showed cut
    /// off in the first frame, then moved down as the window grew).
    #[test]
    fn the_screen_does_not_grow_after_it_opens() {
        let w = Words::from_assets(Language::English);
        let names = [
            "strength/close",
            "strength/play",
            "strength/game/epaminondas",
        ];
        let shown = GameStrength::of(&played(7), GameKind::LinesOfAction);
        crate::ui::layout_check::assert_window_settles(&names, |ctx| {
            draw(ctx, &w, &shown, None);
        });
    }

    #[test]
    fn the_strength_screen_can_be_used_everywhere() {
        let many = played(40);
        let none = Ratings::default();
        let problem = crate::model::FileReport {
            file: crate::model::DataFile::Ratings,
            name: "ratings.json".into(),
            fate: crate::model::Fate::SetAside {
                kept_as: "ratings.bad-1767225600.json".into(),
                why: crate::model::FileProblem::Unreadable(FileTrouble::WrongContent {
                    line: 12,
                    column: 40,
                }),
                salvaged: 17,
            },
        };
        everywhere(|screen, words, what| {
            let long = crate::ui::problems::file_report(words, &problem);
            // With players remembered: the row of whose strength.
            let mut with_people = GameStrength::of(&many, GameKind::LinesOfAction);
            with_people.people = ["Bartholomew the Long", "Ada", "Maximiliana"]
                .map(String::from)
                .to_vec();
            for (shown, problem) in [
                (with_people, Some(&long)),
                (GameStrength::of(&none, GameKind::Epaminondas), None),
            ] {
                let buttons = [
                    "strength/game/lines-of-action",
                    "strength/game/epaminondas",
                    "strength/play",
                    "strength/close",
                ];
                screen.check(&what, Some(AREA), &buttons, &mut |ctx| {
                    draw(ctx, words, &shown, problem.map(String::as_str));
                });
            }
        });
    }

    /// A click on the other game shows it; a click on Play plays the level suggested.
    #[test]
    fn the_buttons_say_what_the_player_asked() {
        let words = Words::from_assets(Language::English);
        let screen = crate::ui::layout_check::Screen::new(1280.0, 800.0, 1.0);
        let shown = GameStrength::of(&played(6), GameKind::LinesOfAction);
        let mut asked = Vec::new();
        let mut show = |ctx: &egui::Context| {
            if let Some(choice) = draw(ctx, &words, &shown, None) {
                asked.push(choice);
            }
        };
        for _ in 0..3 {
            screen.pass(Vec::new(), &mut show);
        }
        for button in [
            "strength/game/epaminondas",
            "strength/play",
            "strength/close",
        ] {
            screen.click(button, &mut show);
        }
        assert_eq!(
            asked,
            [
                StrengthChoice::Show(GameKind::Epaminondas),
                StrengthChoice::Play(GameKind::LinesOfAction, shown.suggested),
                StrengthChoice::Close
            ]
        );
    }

    /// With players remembered, the screen offers whose strength to show: a click on a name
    /// asks for theirs, a click on "You" for the unnamed player's; a person's strength is
    /// their own results'.
    #[test]
    fn whose_strength_is_chosen_by_a_click() {
        use crate::strength::roster::{Opponent, PersonResult};
        let words = Words::from_assets(Language::English);
        let screen = crate::ui::layout_check::Screen::new(1280.0, 800.0, 1.0);
        let mut roster = Roster::default();
        roster.add("Ada").unwrap();
        roster.record(
            "Bob",
            GameKind::LinesOfAction,
            PersonResult {
                opponent: Opponent::Computer(Level::new(5).unwrap()),
                score: Score::Win,
                at: 0,
            },
        );
        let ratings = played(6);
        let bob = GameStrength::shown(&ratings, &roster, GameKind::LinesOfAction, Some("Bob"));
        assert_eq!(bob.who.as_deref(), Some("Bob"));
        assert_eq!(bob.scores, [1, 0, 0]);
        assert_eq!(bob.people, ["Ada", "Bob"]);
        let you = GameStrength::shown(&ratings, &roster, GameKind::LinesOfAction, None);
        assert_eq!(you.history, ratings.history(GameKind::LinesOfAction));
        let mut asked = Vec::new();
        let mut show = |ctx: &egui::Context| {
            if let Some(choice) = draw(ctx, &words, &bob, None) {
                asked.push(choice);
            }
        };
        for _ in 0..3 {
            screen.pass(Vec::new(), &mut show);
        }
        for button in ["strength/who/Ada", "strength/who/you", "strength/who/Bob"] {
            screen.click(button, &mut show);
        }
        assert_eq!(
            asked,
            [
                StrengthChoice::Whose(Some("Ada".into())),
                StrengthChoice::Whose(None)
            ],
            "Bob is shown already"
        );
    }

    /// Each count agrees with its number ("1 nulle", "3 perdues"; "1 patta", "0 perse").
    #[test]
    fn the_counts_agree_in_number() {
        let said = |language, counts| games_line(&Words::from_assets(language), counts);
        assert_eq!(
            said(Language::French, [4, 1, 3]),
            "8 parties : 4 gagnées, 1 nulle, 3 perdues."
        );
        assert_eq!(
            said(Language::French, [1, 0, 0]),
            "1 partie : 1 gagnée, 0 nulle, 0 perdue."
        );
        assert_eq!(
            said(Language::Italian, [2, 1, 0]),
            "3 partite: 2 vinte, 1 patta, 0 perse."
        );
        assert_eq!(
            said(Language::English, [4, 1, 3]),
            "8 games: 4 won, 1 drawn, 3 lost."
        );
    }

    #[test]
    fn the_change_is_signed_and_the_rating_whole() {
        let words = Words::from_assets(Language::English);
        let before = Rating::start(GameKind::LinesOfAction);
        let after = Rating {
            value: before.value + 47.6,
            deviation: 250.4,
            ..before
        };
        let change = RatingChange {
            kind: GameKind::LinesOfAction,
            who: None,
            level: Some(Level::new(3).unwrap()),
            score: Score::Win,
            before,
            after,
        };
        assert_eq!(
            rating_change(&words, &change),
            "Your Lines of Action rating: 1273 ± 250 (+48 from 1225)"
        );
        let down = RatingChange {
            before: after,
            after: before,
            ..change.clone()
        };
        assert!(rating_change(&words, &down).ends_with("(\u{2212}48 from 1273)"));
        let ada = RatingChange {
            who: Some("Ada".into()),
            ..change
        };
        assert_eq!(
            rating_change(&words, &ada),
            "Ada's Lines of Action rating: 1273 ± 250 (+48 from 1225)"
        );
    }
}
