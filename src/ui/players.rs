//! Named players in the New Game dialog: for each person's seat, a list of the remembered
//! players (each with their rating in the game chosen), "No name", and "Add a player…" with its
//! text field and the refusal of a name that cannot be added. Also the words of the players
//! file's problems and of a name beside its rating.

use bevy_egui::egui;
use gamut_engine::any_game::GameKind;

use crate::i18n::Words;
use crate::model::SeatNames;
use crate::strength::{NameRefusal, Rating, Roster};

/// The names being chosen in the New Game dialog.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct NamesDraft {
    /// Each seat's name, in seat order.
    pub names: SeatNames,
    /// A name being typed for a seat, if any.
    pub adding: Option<Adding>,
}

/// A name being typed for a seat.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Adding {
    /// The seat (0 to 3, in seat order).
    pub seat: usize,
    /// What is typed so far.
    pub text: String,
    /// Why the last name tried was refused.
    pub refusal: Option<NameRefusal>,
    /// The field takes the keyboard at the next frame (as it opens, and after a refusal, to
    /// mend the name).
    pub focus: bool,
}

/// A remembered player, as the list shows them.
#[derive(Debug, Clone, PartialEq)]
pub struct Known {
    /// The name.
    pub name: String,
    /// Their rating in the game chosen, once they have played it (none before: a new player's
    /// starting rating is no result of theirs).
    pub rating: Option<Rating>,
}

/// The remembered players with their ratings in `kind`.
pub fn known(roster: &Roster, kind: GameKind) -> Vec<Known> {
    roster
        .names()
        .into_iter()
        .map(|name| Known {
            name: name.to_string(),
            rating: rating_in(roster, name, kind),
        })
        .collect()
}

/// `name`'s rating in `kind` if they have played a game of it that counted (an Epaminondas list
/// shows no rating for someone who has only played Lines of Action).
pub fn rating_in(roster: &Roster, name: &str, kind: GameKind) -> Option<Rating> {
    roster
        .person(name)
        .filter(|p| !p.results(kind).is_empty())
        .map(|p| p.rating(kind))
}

/// `Ada (rated 1225)`, or `Ada` without a rating in the game.
pub fn shown_name(w: &Words, name: &str, rating: Option<Rating>) -> String {
    match rating {
        Some(rating) => name_with_rating(w, name, rating),
        None => name.to_string(),
    }
}

/// What the player asked of the names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NameAsk {
    /// Add `name` to the players and seat them at `seat`.
    Add {
        /// The seat.
        seat: usize,
        /// The name as typed.
        name: String,
    },
}

/// Carries out `ask` on `roster` and `draft`: an added name is seated; a refused one is said
/// under the field, which keeps what was typed.
pub fn carry_out(ask: NameAsk, roster: &mut Roster, draft: &mut NamesDraft) {
    let NameAsk::Add { seat, name } = ask;
    match roster.add(&name) {
        Ok(name) => {
            draft.names.0[seat] = Some(name);
            draft.adding = None;
        }
        Err(refusal) => {
            if let Some(adding) = draft.adding.as_mut() {
                adding.refusal = Some(refusal);
                adding.focus = true;
            }
        }
    }
}

/// The landmark names of seat `seat`'s name choice (`new-game/name-0`, `new-game/name-0/add`…).
pub fn landmark(seat: usize, part: &str) -> String {
    if part.is_empty() {
        format!("new-game/name-{seat}")
    } else {
        format!("new-game/name-{seat}/{part}")
    }
}

/// `Ada (1225)`.
pub fn name_with_rating(w: &Words, name: &str, rating: Rating) -> String {
    w.t_with(
        "players-name-rating",
        [
            ("name", name.to_string().into()),
            ("rating", super::text::whole(rating.value).into()),
        ],
    )
}

/// The name choice of seat `seat`: the list, and the field while a name is typed. Returns what
/// the player asked, and whether Enter was used in the field (so it does not start the game).
pub fn name_choice(
    ui: &mut egui::Ui,
    w: &Words,
    seat: usize,
    draft: &mut NamesDraft,
    known: &[Known],
) -> (Option<NameAsk>, bool) {
    let current = draft.names.0[seat].clone();
    let adding_here = draft.adding.as_ref().is_some_and(|a| a.seat == seat);
    if adding_here {
        // The field takes the list's place, on its line: nothing under it moves (the rows
        // below jumped a line down as it opened, under a pointer aimed at them).
        return ui
            .horizontal(|ui| adding_in_place(ui, w, seat, draft))
            .inner;
    }
    let shown = match (&current, adding_here) {
        (_, true) => w.t("players-add"),
        (Some(name), false) => match known.iter().find(|k| k.name == *name) {
            Some(k) => shown_name(w, &k.name, k.rating),
            None => name.clone(),
        },
        (None, false) => w.t("players-no-name"),
    };
    let mut pick: Option<Option<String>> = None;
    let mut add = false;
    let combo = egui::ComboBox::from_id_salt(("seat name", seat))
        .selected_text(shown)
        .width(150.0)
        .show_ui(ui, |ui| {
            let none =
                ui.selectable_label(current.is_none() && !adding_here, w.t("players-no-name"));
            super::landmark::mark(ui, landmark(seat, "none"), &none);
            if none.clicked() {
                pick = Some(None);
            }
            for k in known {
                let on = current.as_deref() == Some(k.name.as_str()) && !adding_here;
                let item = ui.selectable_label(on, shown_name(w, &k.name, k.rating));
                super::landmark::mark(ui, landmark(seat, &format!("pick/{}", k.name)), &item);
                if item.clicked() {
                    pick = Some(Some(k.name.clone()));
                }
            }
            let new = ui.selectable_label(adding_here, w.t("players-add"));
            super::landmark::mark(ui, landmark(seat, "add"), &new);
            if new.clicked() {
                add = true;
            }
        });
    super::landmark::mark(ui, landmark(seat, ""), &combo.response);
    combo.response.on_hover_text(w.t("players-hint"));
    if let Some(name) = pick {
        draft.names.0[seat] = name;
        if adding_here {
            draft.adding = None;
        }
    }
    if add && !adding_here {
        draft.adding = Some(Adding {
            seat,
            focus: true,
            ..Adding::default()
        });
        // The field in the list's place from the next pass.
        ui.ctx().request_repaint();
    }
    (None, false)
}

/// The field, Add, and × to go back to the list (nothing added).
fn adding_in_place(
    ui: &mut egui::Ui,
    w: &Words,
    seat: usize,
    draft: &mut NamesDraft,
) -> (Option<NameAsk>, bool) {
    let Some(adding) = draft.adding.as_mut() else {
        return (None, false);
    };
    let asked = adding_field(ui, w, seat, adding);
    let cancel = ui
        .small_button("×")
        .on_hover_text(w.t("players-add-cancel"));
    super::landmark::mark(ui, landmark(seat, "cancel"), &cancel);
    if cancel.clicked() {
        draft.adding = None;
    }
    asked
}

/// The field a new name is typed in, its Add button and the refusal of the last try.
fn adding_field(
    ui: &mut egui::Ui,
    w: &Words,
    seat: usize,
    adding: &mut Adding,
) -> (Option<NameAsk>, bool) {
    let field = ui.add(
        egui::TextEdit::singleline(&mut adding.text)
            .hint_text(w.t("players-name-hint"))
            .desired_width(140.0),
    );
    super::landmark::mark(ui, landmark(seat, "field"), &field);
    if std::mem::take(&mut adding.focus) {
        field.request_focus();
    }
    if field.changed() {
        adding.refusal = None;
    }
    let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    let confirm = ui.button(w.t("players-add-confirm"));
    super::landmark::mark(ui, landmark(seat, "confirm"), &confirm);
    if let Some(refusal) = adding.refusal {
        let line = egui::RichText::new(refusal_line(w, refusal))
            .color(egui::Color32::from_rgb(230, 150, 90));
        let said = ui.label(line);
        super::landmark::mark(ui, landmark(seat, "refusal"), &said);
    }
    let ask = (entered || confirm.clicked()).then(|| NameAsk::Add {
        seat,
        name: adding.text.clone(),
    });
    (ask, entered)
}

/// Why a name cannot be added, said to the player.
pub fn refusal_line(w: &Words, refusal: NameRefusal) -> String {
    match refusal {
        NameRefusal::Empty => w.t("players-refused-empty"),
        NameRefusal::TooLong { max } => w.t_with("players-refused-too-long", [("max", max.into())]),
        NameRefusal::Taken => w.t("players-refused-taken"),
        NameRefusal::Reserved => w.t("players-refused-reserved"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A person's rating shows in a game's lists only once they have played it: Ada, who has
    /// played Lines of Action only, has no rating in an Epaminondas list (the starting rating,
    /// 1199 there, is no result of hers).
    #[test]
    fn a_rating_shows_only_in_the_game_played() {
        use crate::strength::Score;
        use crate::strength::roster::{Opponent, PersonResult};
        use gamut_engine::level::Level;
        let mut roster = Roster::default();
        roster.add("Ada").expect("a name");
        roster.add("Bo").expect("a name");
        let loss = PersonResult {
            opponent: Opponent::Computer(Level::new(3).unwrap()),
            score: Score::Loss,
            at: 0,
        };
        roster.record("Ada", GameKind::LinesOfAction, loss);
        let loa = rating_in(&roster, "Ada", GameKind::LinesOfAction);
        assert!(loa.is_some());
        assert_eq!(rating_in(&roster, "Ada", GameKind::Epaminondas), None);
        let listed = known(&roster, GameKind::Epaminondas);
        assert!(listed.iter().all(|k| k.rating.is_none()), "{listed:?}");
        let w = Words::from_assets(crate::model::Language::English);
        assert_eq!(shown_name(&w, "Ada", None), "Ada");
        assert_eq!(
            shown_name(&w, "Ada", loa),
            format!("Ada (rated {})", crate::ui::text::whole(loa.unwrap().value))
        );
    }
    use crate::model::Language;

    #[test]
    fn a_refused_name_is_said_and_an_added_one_seated() {
        let mut roster = Roster::default();
        let mut draft = NamesDraft {
            adding: Some(Adding {
                seat: 1,
                text: "  ".into(),
                ..Adding::default()
            }),
            ..NamesDraft::default()
        };
        carry_out(
            NameAsk::Add {
                seat: 1,
                name: "  ".into(),
            },
            &mut roster,
            &mut draft,
        );
        assert_eq!(
            draft.adding.as_ref().and_then(|a| a.refusal),
            Some(NameRefusal::Empty)
        );
        carry_out(
            NameAsk::Add {
                seat: 1,
                name: " Bob ".into(),
            },
            &mut roster,
            &mut draft,
        );
        assert_eq!(draft.names.0[1].as_deref(), Some("Bob"));
        assert_eq!(draft.adding, None);
        assert_eq!(roster.names(), ["Bob"]);
        for language in Language::ALL {
            let w = Words::from_assets(language);
            for refusal in [
                NameRefusal::Empty,
                NameRefusal::TooLong { max: 24 },
                NameRefusal::Taken,
                NameRefusal::Reserved,
            ] {
                let line = refusal_line(&w, refusal);
                assert!(!line.is_empty() && !line.contains("players-"), "{line}");
            }
        }
    }
}
