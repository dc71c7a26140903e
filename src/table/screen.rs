//! The title's "Tables" screen (join a table by its address and code; host one, on the
//! desktop) and the table's bar beside its game (the code, the address and its QR code on the
//! host's big screen, who sits where, a free seat to take, leave).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use gamut_net::{Seat, SeatView};

use super::{Phase, Table, TableCommand, TableNotice};
use crate::i18n::Words;
use crate::model::{GameSettings, Seat as BoardSeat};
use crate::play::MenuScreen;
use crate::ui::style::{ACCENT, MUTED};

/// The screen's area.
pub const AREA: &str = "tables";
/// The widest the screen's card grows.
const CARD_WIDTH: f32 = 560.0;

/// What the player typed on the screen (kept while it is closed and opened again).
#[derive(Resource, Debug, Clone, Default, PartialEq, Eq)]
pub struct Form {
    /// The server's address (in the page: the page's own host, filled in).
    pub address: String,
    /// The table's code.
    pub code: String,
    /// The player's name at the table.
    pub name: String,
}

/// What the screens ask for.
#[derive(Debug, Clone, PartialEq)]
pub enum Asked {
    Table(TableCommand),
    Close,
}

/// The title's Tables screen.
pub(super) fn tables_screen(
    mut contexts: EguiContexts,
    words: Res<Words>,
    mut form: ResMut<Form>,
    table: Res<Table>,
    settings: Res<GameSettings>,
    chosen: Res<crate::model::ChosenNames>,
    mut commands: MessageWriter<TableCommand>,
    mut screen: ResMut<NextState<MenuScreen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if form.name.is_empty()
        && let Some(name) = chosen.0.0.iter().flatten().next()
    {
        form.name = name.clone();
    }
    if form.address.is_empty() {
        form.address = page_host().unwrap_or_default();
    }
    let can_host = cfg!(not(target_arch = "wasm32"));
    match draw(ctx, &words, &mut form, &table, &settings, can_host) {
        Some(Asked::Table(command)) => {
            commands.write(command);
        }
        Some(Asked::Close) => screen.set(MenuScreen::Title),
        None => {}
    }
    Ok(())
}

/// The page's own host and port: the server that served it (a hosted table's, or one on the
/// internet). None on the desktop.
fn page_host() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()?.location().host().ok()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// Draws the screen; what the player asked.
pub fn draw(
    ctx: &egui::Context,
    w: &Words,
    form: &mut Form,
    table: &Table,
    settings: &GameSettings,
    can_host: bool,
) -> Option<Asked> {
    let mut asked = None;
    let mut root = egui::Ui::new(
        ctx.clone(),
        egui::Id::new(AREA),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.content_rect()),
    );
    egui::CentralPanel::default()
        .frame(egui::Frame::new().inner_margin(12))
        .show(&mut root, |ui| {
            card(ui, |ui| {
                egui::ScrollArea::vertical().show(ui, |ui| {
                    asked = body(ui, w, form, table, settings, can_host);
                });
            });
        });
    if asked.is_none() && ctx.input(|i| i.key_pressed(egui::Key::Escape)) {
        asked = Some(Asked::Close);
    }
    asked
}

fn card(ui: &mut egui::Ui, add: impl FnOnce(&mut egui::Ui)) {
    let room = ui.available_rect_before_wrap();
    let width = room.width().min(CARD_WIDTH);
    let rect = egui::Rect::from_min_size(
        egui::pos2(room.center().x - width / 2.0, room.top()),
        egui::vec2(width, room.height()),
    );
    ui.scope_builder(egui::UiBuilder::new().max_rect(rect), |ui| {
        egui::Frame::window(ui.style()).show(ui, |ui| {
            ui.set_width(ui.available_width());
            add(ui);
        });
    });
}

fn body(
    ui: &mut egui::Ui,
    w: &Words,
    form: &mut Form,
    table: &Table,
    settings: &GameSettings,
    can_host: bool,
) -> Option<Asked> {
    let mut asked = None;
    ui.horizontal(|ui| {
        let back = ui.button(w.t("table-back"));
        crate::ui::landmark::mark(ui, "tables/back", &back);
        if back.clicked() {
            asked = Some(Asked::Close);
        }
        ui.heading(w.t("table-title"));
    });
    ui.label(egui::RichText::new(w.t("table-intro")).color(MUTED));
    status_line(ui, w, table);
    ui.separator();
    ui.label(egui::RichText::new(w.t("table-your-name")).strong());
    let name = ui.add(egui::TextEdit::singleline(&mut form.name).desired_width(f32::INFINITY));
    crate::ui::landmark::mark(ui, "tables/name", &name);
    ui.add_space(8.0);
    ui.heading(w.t("table-join"));
    ui.label(w.t("table-address"));
    let address =
        ui.add(egui::TextEdit::singleline(&mut form.address).desired_width(f32::INFINITY));
    crate::ui::landmark::mark(ui, "tables/address", &address);
    ui.label(w.t("table-code"));
    let code = ui.add(
        egui::TextEdit::singleline(&mut form.code)
            .char_limit(gamut_net::Code::LEN)
            .font(egui::TextStyle::Heading)
            .desired_width(f32::INFINITY),
    );
    crate::ui::landmark::mark(ui, "tables/code", &code);
    let join = ui.add_sized(
        egui::vec2(ui.available_width(), 40.0),
        egui::Button::new(egui::RichText::new(w.t("table-join-button")).size(20.0)),
    );
    crate::ui::landmark::mark(ui, "tables/join", &join);
    let entered = code.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
    if join.clicked() || entered {
        asked = Some(Asked::Table(TableCommand::Join {
            address: form.address.clone(),
            code: form.code.clone(),
            name: form.name.clone(),
        }));
    }
    if can_host {
        ui.add_space(12.0);
        ui.separator();
        ui.heading(w.t("table-host"));
        ui.label(w.t_with(
            "table-host-game",
            [(
                "game",
                crate::exhibition::words::title(w, &settings.config).into(),
            )],
        ));
        ui.label(egui::RichText::new(w.t("table-host-help")).color(MUTED));
        let host = ui.add_sized(
            egui::vec2(ui.available_width(), 40.0),
            egui::Button::new(egui::RichText::new(w.t("table-host-button")).size(20.0)),
        );
        crate::ui::landmark::mark(ui, "tables/host", &host);
        if host.clicked() {
            asked = Some(Asked::Table(TableCommand::Host {
                settings: *settings,
                name: form.name.clone(),
            }));
        }
    }
    asked
}

/// Connecting, or what went wrong; an empty line otherwise (nothing below moves).
fn status_line(ui: &mut egui::Ui, w: &Words, table: &Table) {
    let said = match (&table.notice, table.phase) {
        (Some(notice), _) => notice_text(w, notice),
        (None, Phase::Connecting) => w.t("table-connecting"),
        (None, Phase::Lost) => w.t("table-lost"),
        _ => " ".into(),
    };
    let line = ui.add(egui::Label::new(egui::RichText::new(said).color(ACCENT)).wrap());
    crate::ui::landmark::mark(ui, "tables/status", &line);
}

/// The words for a table's notice.
pub fn notice_text(w: &Words, notice: &TableNotice) -> String {
    use gamut_net::Refusal;
    match notice {
        TableNotice::BadAddress => w.t("table-bad-address"),
        TableNotice::BadCode => w.t("table-bad-code"),
        TableNotice::BadName => w.t("table-bad-name"),
        TableNotice::Unreachable(why) => {
            w.t_with("table-unreachable", [("why", why.clone().into())])
        }
        TableNotice::Unreadable => w.t("table-unreadable"),
        TableNotice::HostFailed(why) => {
            w.t_with("table-host-failed", [("why", why.clone().into())])
        }
        TableNotice::Refused(refusal) => w.t(match refusal {
            Refusal::UnknownTable => "table-refused-unknown",
            Refusal::NoSuchSeat | Refusal::SeatTaken => "table-refused-seat-taken",
            Refusal::BadToken => "table-refused-bad-token",
            Refusal::NotYourTurn | Refusal::Stale { .. } => "table-refused-not-your-turn",
            Refusal::Illegal { .. } => "table-refused-illegal",
            Refusal::GameOver => "table-refused-game-over",
            Refusal::CannotOffer | Refusal::NoOffer => "table-refused-offer",
            Refusal::Full => "table-refused-full",
            Refusal::Unavailable => "table-refused-unavailable",
        }),
    }
}

/// The table's bar beside its game.
pub(super) fn table_bar(
    mut contexts: EguiContexts,
    words: Res<Words>,
    table: Res<Table>,
    mut commands: MessageWriter<TableCommand>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if let Some(Asked::Table(command)) = bar(ctx, &words, &table) {
        commands.write(command);
    }
    Ok(())
}

/// Draws the table's bar (top left, over the board's corner); what the player asked.
pub fn bar(ctx: &egui::Context, w: &Words, table: &Table) -> Option<Asked> {
    let mut asked = None;
    let code = table.code.as_ref().map_or("", |c| c.as_str());
    egui::Window::new(w.t_with("table-bar-title", [("code", code.into())]))
        .id(egui::Id::new("table-bar"))
        .anchor(egui::Align2::LEFT_TOP, egui::vec2(8.0, 8.0))
        .collapsible(true)
        .resizable(false)
        .movable(false)
        .show(ctx, |ui| {
            ui.set_max_width(260.0);
            let big = ui.label(egui::RichText::new(code).size(40.0).strong().color(ACCENT));
            crate::ui::landmark::mark(ui, "table-bar/code", &big);
            hosting(ui, w, table);
            if let Some(view) = &table.view {
                asked = seats(ui, w, table, view);
                ui.label(w.t_with(
                    "table-spectators",
                    [("count", i64::from(view.spectators).into())],
                ));
            }
            if let Some(notice) = &table.notice {
                ui.label(egui::RichText::new(notice_text(w, notice)).color(ACCENT));
            } else if table.phase == Phase::Lost {
                ui.label(egui::RichText::new(w.t("table-lost")).color(ACCENT));
            }
            let leave = ui.button(w.t("table-leave"));
            crate::ui::landmark::mark(ui, "table-bar/leave", &leave);
            if leave.clicked() {
                asked = Some(Asked::Table(TableCommand::Leave));
            }
        });
    asked
}

/// On the host's screen: the address to type, and the page's as a QR code.
fn hosting(ui: &mut egui::Ui, w: &Words, table: &Table) {
    #[cfg(not(target_arch = "wasm32"))]
    if let Some(hosted) = &table.hosted {
        ui.label(w.t_with("table-bar-address", [("address", hosted.address().into())]));
        if hosted.serves_page {
            ui.label(egui::RichText::new(w.t("table-bar-scan")).color(MUTED));
            super::qr::show(ui, &hosted.page_url(), 160.0);
        }
        return;
    }
    if let Some(address) = &table.address {
        ui.label(w.t_with("table-bar-address", [("address", address.clone().into())]));
    }
}

/// Who sits where; a free seat to take while watching.
fn seats(
    ui: &mut egui::Ui,
    w: &Words,
    table: &Table,
    view: &gamut_net::TableView,
) -> Option<Asked> {
    let mut asked = None;
    let four = view.seats.len() == 4;
    for (i, seat) in view.seats.iter().enumerate() {
        let Some(at) = Seat::new(i as u8) else {
            continue;
        };
        let board_seat = BoardSeat {
            side: super::follow::side_of(at),
            marked: i >= 2,
        };
        let mine = table.seat == Some(at);
        ui.horizontal(|ui| {
            ui.label(egui::RichText::new(crate::ui::text::seat(w, board_seat, four)).strong());
            ui.label(sitter(w, seat, mine));
            let free = seat.name.is_none() && seat.computer.is_none();
            if free && table.seat.is_none() {
                let sit = ui.button(w.t("table-sit"));
                crate::ui::landmark::mark(ui, format!("table-bar/sit-{i}"), &sit);
                if sit.clicked() {
                    asked = Some(Asked::Table(TableCommand::Sit(at)));
                }
            }
        });
    }
    asked
}

/// Who sits at a seat, as the bar says it.
fn sitter(w: &Words, seat: &SeatView, mine: bool) -> String {
    if mine {
        return w.t("table-seat-you");
    }
    if let Some(level) = seat.computer {
        return w.t_with(
            "table-seat-computer",
            [("level", crate::ui::text::level_name(w, level).into())],
        );
    }
    match &seat.name {
        None => w.t("table-seat-free"),
        Some(name) if seat.connected => name.as_str().to_string(),
        Some(name) => w.t_with("table-seat-away", [("name", name.as_str().into())]),
    }
}
