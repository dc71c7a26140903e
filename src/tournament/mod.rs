//! Game night: a tournament between friends (and computer entries) at one screen. The headless
//! core ([`core`]: pairing by Berger tables and a Dutch-style Swiss, results, standings with
//! direct encounter and Sonneborn-Berger, the crosstable, text and HTML export, and the file
//! format checked on reading) is pure Rust; [`night`] keeps it in the data folder; this module
//! runs the night: it makes the tournament the screen asks for, starts a pairing's game through
//! play (the names at the seats, the tournament's game and clock, [`GameMode::Tournament`]),
//! takes the result back when that game ends, takes results typed in by hand for games played
//! on a real board, pairs the Swiss rounds and writes the file after every change.
//!
//! The screen (`crate::ui`'s tournament screen) draws the night and sends
//! [`TournamentCommand`]s; this module alone changes the tournament.

pub mod core;
pub mod night;
pub mod screen;
pub mod tables;

use web_time::{SystemTime, UNIX_EPOCH};

use bevy::prelude::*;
use gamut_engine::Color as Side;
use gamut_engine::level::Level;

use self::core::{
    Entrant, EntrantKind, Format, GameResult, PairError, Pairing, ResultError, SetupError,
    Tournament,
};
use self::night::NightSetup;
use crate::model::{Clocks, CurrentGame, GameEnd, GameSettings, Player, SeatNames};
use crate::persist::DataDir;
use crate::play::{AppState, GameMode, PlaySystems, StartAs, StartGame};

/// The tournament of the night, as read from and written to its file.
#[derive(Resource, Debug, Default)]
pub struct Night {
    /// The tournament and its game, once made (or read back).
    pub current: Option<(Tournament, NightSetup)>,
    /// The pairing whose game is on the board (round, board).
    pub playing: Option<(u8, u8)>,
    /// What the screen should tell the player (the last thing that happened).
    pub notice: Option<NightNotice>,
    /// The pairings played at tables on the players' own devices.
    pub tables: tables::AtTables,
    /// The pairing whose table the host's screen shows (round, board).
    pub showing: Option<(u8, u8)>,
    /// The tournament's file, as the store read it at start (none: kept in memory only; never
    /// written when it is left alone).
    file: crate::store::DocFile,
}

impl Night {
    /// The tournament, if one is under way.
    pub fn tournament(&self) -> Option<&Tournament> {
        self.current.as_ref().map(|(t, _)| t)
    }
}

/// What happened, for the screen to say.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NightNotice {
    /// The tournament file had a problem.
    File(crate::model::FileReport),
    /// The tournament could not be made as asked.
    Setup(SetupError),
    /// A result could not be entered.
    Result(ResultError),
    /// The next round could not be paired.
    Pair(PairError),
    /// A result came back from a game played on the board.
    Recorded {
        /// The round.
        round: u8,
        /// The board.
        board: u8,
        /// The result.
        result: GameResult,
    },
    /// An export was written to this file.
    Exported(String),
    /// An export could not be written.
    ExportFailed(crate::model::FileTrouble),
    /// The last tournament was put away in the archive, under this name.
    Archived(String),
    /// A pairing could not go to a table (this game could not host, the server refused).
    Table(crate::table::TableNotice),
}

/// Which of the tournament screen's pages shows (the screen itself is
/// [`crate::play::MenuScreen::Tournament`]).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TournamentScreen {
    /// The page shown.
    pub page: Page,
}

/// The pages of a tournament under way.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Page {
    /// The games of the round being played: play one, or type in its result.
    #[default]
    Round,
    /// The standings, large, for the big screen.
    Standings,
    /// Everyone against everyone.
    Crosstable,
    /// Every round's games and results.
    Rounds,
}

/// What the tournament screen asks for.
#[derive(Message, Debug, Clone, PartialEq)]
pub enum TournamentCommand {
    /// Make a tournament of these players, in this format, each game played as `game` says
    /// (its game, variant, clock; the computer's think time).
    Create {
        /// The players, in seed order.
        entrants: Vec<Entrant>,
        /// Round robin or Swiss.
        format: Format,
        /// The game of every pairing.
        game: GameSettings,
    },
    /// Play this pairing's game on the board now.
    Play {
        /// The round.
        round: u8,
        /// The board.
        board: u8,
    },
    /// Enter (or correct) a result by hand, for a game played on a real board; `None` takes it
    /// back.
    Enter {
        /// The round.
        round: u8,
        /// The board.
        board: u8,
        /// The result.
        result: Option<GameResult>,
    },
    /// Play this pairing at a table on the players' own devices: this game hosts it, shows
    /// its code, and takes its result when the server ends the game.
    AtTable {
        /// The round.
        round: u8,
        /// The board.
        board: u8,
    },
    /// Show this pairing's table on the host's screen (its big screen).
    Show {
        /// The round.
        round: u8,
        /// The board.
        board: u8,
    },
    /// Pair the next Swiss round.
    PairNext,
    /// Write an export: its file name and contents (the screen words it in the player's
    /// language).
    Export {
        /// The file's name (`tournament.txt`, `tournament.html`).
        name: String,
        /// What to write.
        contents: String,
    },
    /// Put this tournament away (kept in the archive folder) to make a new one.
    PutAway,
}

/// The night: its file, its commands, its games' results.
pub struct TournamentPlugin;

impl Plugin for TournamentPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<Night>()
            .init_resource::<TournamentScreen>()
            .init_resource::<screen::Draft>()
            .init_resource::<tables::Followers>()
            .add_message::<TournamentCommand>()
            .add_message::<crate::strength::EndedAway>()
            // A pairing goes to a table through the tables' own parts (with or without their
            // screens in this app).
            .init_resource::<crate::table::Table>()
            .add_message::<crate::table::TableCommand>()
            .add_systems(
                bevy_egui::EguiPrimaryContextPass,
                (
                    screen::tournament_screen.run_if(in_state(crate::play::MenuScreen::Tournament)),
                    screen::tournament_game_over
                        .run_if(in_state(AppState::GameOver))
                        .run_if(in_state(GameMode::Tournament)),
                )
                    .after(crate::ui::UiSystems)
                    .run_if(crate::i18n::words_ready),
            )
            .add_systems(Startup, read_night)
            .add_systems(Update, tell_the_news.run_if(resource_changed::<Night>))
            .add_systems(
                StateTransition,
                back_from_a_game
                    .before(bevy::state::state::StateTransitionSystems::DependentTransitions),
            )
            .add_systems(
                Last,
                crate::rest::answer_messages::<TournamentCommand>.before(crate::rest::RestSystems),
            )
            .add_systems(
                Update,
                (
                    carry_out.before(PlaySystems),
                    follow_the_tables.after(carry_out),
                    take_results.after(PlaySystems),
                ),
            )
            .add_systems(
                OnEnter(crate::play::MenuScreen::Tournament),
                follow_the_kept_tables,
            )
            .add_systems(
                bevy_egui::EguiPrimaryContextPass,
                screen::standings_on_the_big_screen
                    .run_if(in_state(GameMode::Table))
                    .after(crate::table::TableScreens)
                    .run_if(crate::i18n::words_ready),
            );
    }
}

/// Reads the tournament file at start.
fn read_night(dir: Res<DataDir>, mut night: ResMut<Night>) {
    let (current, file) = night::open(dir.data_place(night::NIGHT_FILE));
    night.current = current;
    night.notice = file.problem.clone().map(NightNotice::File);
    night.file = file;
}

/// What carrying out a command changes.
#[derive(bevy::ecs::system::SystemParam)]
struct NightTargets<'w> {
    night: ResMut<'w, Night>,
    screen: ResMut<'w, TournamentScreen>,
    dir: Res<'w, DataDir>,
    settings: Res<'w, GameSettings>,
    starts: MessageWriter<'w, StartGame>,
    table: ResMut<'w, crate::table::Table>,
    followers: ResMut<'w, tables::Followers>,
    wake: Res<'w, crate::rest::Wake>,
    to_table: MessageWriter<'w, crate::table::TableCommand>,
}

fn carry_out(mut commands: MessageReader<TournamentCommand>, mut to: NightTargets) {
    for command in commands.read() {
        to.carry_out(command);
    }
}

impl NightTargets<'_> {
    fn carry_out(&mut self, command: &TournamentCommand) {
        match command {
            TournamentCommand::Create {
                entrants,
                format,
                game,
            } => self.create(entrants.clone(), *format, game),
            TournamentCommand::Play { round, board } => self.play(*round, *board),
            TournamentCommand::Enter {
                round,
                board,
                result,
            } => self.enter(*round, *board, *result),
            TournamentCommand::AtTable { round, board } => self.at_table((*round, *board)),
            TournamentCommand::Show { round, board } => self.show((*round, *board)),
            TournamentCommand::PairNext => self.pair_next(),
            TournamentCommand::Export { name, contents } => {
                self.night.notice = Some(match night::write_export(&self.dir, name, contents) {
                    Ok(path) => NightNotice::Exported(path.display().to_string()),
                    Err(e) => NightNotice::ExportFailed(crate::model::FileTrouble::from_io(&e)),
                });
            }
            TournamentCommand::PutAway => self.put_away(),
        }
    }

    fn create(&mut self, entrants: Vec<Entrant>, format: Format, game: &GameSettings) {
        if self.night.current.is_some() {
            return;
        }
        let setup = NightSetup {
            config: game.config,
            clock: game.clock,
            think_time: game.think_time,
        };
        match Tournament::new(entrants, format, setup.to_value()) {
            Ok(tournament) => {
                self.night.current = Some((tournament, setup));
                self.night.notice = None;
                self.screen.page = Page::Round;
                self.save();
            }
            Err(e) => self.night.notice = Some(NightNotice::Setup(e)),
        }
    }

    fn play(&mut self, round: u8, board: u8) {
        let Some((tournament, setup)) = &self.night.current else {
            return;
        };
        let Some(pairing) = tournament.game(round, board).copied() else {
            return;
        };
        let start = game_of(tournament, setup, &pairing, &self.settings);
        self.starts.write(start);
        self.night.playing = Some((round, board));
        self.night.notice = None;
    }

    /// Makes the pairing's table on this game's server and follows it.
    fn at_table(&mut self, at: (u8, u8)) {
        let Some((tournament, setup)) = &self.night.current else {
            return;
        };
        let Some(pairing) = tournament.game(at.0, at.1).copied() else {
            return;
        };
        if pairing.result.is_some() || self.followers.follows(at) {
            return;
        }
        if tables::table_clock(setup.clock).is_none() {
            return;
        }
        let make = tables::table_for(tournament, setup, &pairing);
        if self.follow(at, make) {
            self.night.tables.boards.insert(at, Default::default());
            self.night.notice = None;
        }
    }

    /// Follows `at`'s table from its first message on, this game hosting (started now if it
    /// was not); false (and the player told) when it cannot.
    fn follow(&mut self, at: (u8, u8), first: gamut_net::ToServer) -> bool {
        use crate::table::TableNotice;
        let hosted = crate::table::follow::hosted_here(&mut self.table, Some(&self.dir));
        let hosted = match hosted {
            Ok(hosted) => hosted,
            Err(why) => {
                self.night.notice = Some(NightNotice::Table(TableNotice::HostFailed(why)));
                return false;
            }
        };
        self.followers.hosted_at(&hosted);
        self.night.tables.address = Some(hosted.address.clone());
        self.night.tables.page = hosted.page.clone();
        match self.followers.follow(at, first, &self.wake) {
            Ok(()) => true,
            Err(why) => {
                warn!("cannot follow the tournament's table {at:?}: {why}");
                self.night.notice = Some(NightNotice::Table(TableNotice::Unreachable));
                false
            }
        }
    }

    /// The host's screen shows the pairing's table (its big screen).
    fn show(&mut self, at: (u8, u8)) {
        let code = self
            .night
            .tables
            .boards
            .get(&at)
            .and_then(|b| b.code.clone());
        let Some(code) = code.filter(|_| self.followers.here.is_some()) else {
            return;
        };
        self.to_table.write(crate::table::TableCommand::Show(code));
        self.night.showing = Some(at);
    }

    fn enter(&mut self, round: u8, board: u8, result: Option<GameResult>) {
        let Some((tournament, _)) = &mut self.night.current else {
            return;
        };
        let done = match result {
            Some(result) => tournament.record_result(round, board, result),
            None => tournament.clear_result(round, board),
        };
        match done {
            Ok(()) => {
                self.night.notice = None;
                self.save();
            }
            Err(e) => self.night.notice = Some(NightNotice::Result(e)),
        }
    }

    fn pair_next(&mut self) {
        let Some((tournament, _)) = &mut self.night.current else {
            return;
        };
        match tournament.pair_next_round() {
            Ok(_) => {
                self.night.notice = None;
                self.save();
            }
            Err(e) => self.night.notice = Some(NightNotice::Pair(e)),
        }
    }

    /// The tournament goes to the archive folder (kept), and the screen is ready for a new one.
    fn put_away(&mut self) {
        if self.night.current.is_none() || !self.night.file.writable() {
            return;
        }
        let seconds = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        match night::archive(&self.dir, seconds) {
            Ok(kept) => {
                self.night.current = None;
                self.night.playing = None;
                self.night.tables = Default::default();
                self.followers.forget_all();
                self.night.notice = Some(NightNotice::Archived(
                    crate::persist::paths::display_name(&kept),
                ));
            }
            Err(e) => {
                self.night.notice = Some(NightNotice::File(crate::model::FileReport {
                    file: crate::model::DataFile::Tournament,
                    name: night::ARCHIVE_FOLDER.into(),
                    fate: crate::model::Fate::Unwritable(crate::model::FileTrouble::from_io(&e)),
                }))
            }
        }
    }

    fn save(&mut self) {
        save(&mut self.night);
    }
}

/// Writes the night's tournament to its file (unless the file is to be left alone).
fn save(night: &mut Night) {
    let Some((tournament, _)) = &night.current else {
        return;
    };
    if let Some(problem) = night::save(&mut night.file, tournament) {
        night.notice = Some(NightNotice::File(problem));
    }
}

/// Who sits at a seat: a person, or the computer at the entry's level.
fn player_of(entrant: &Entrant) -> Player {
    match entrant.kind {
        EntrantKind::Person => Player::Human,
        EntrantKind::Computer { level } => Player::Computer(Level::new(level).unwrap_or_default()),
    }
}

/// The game of `pairing`, as play starts it: the tournament's game and clock, the names at the
/// seats, the player's animation speed.
pub fn game_of(
    tournament: &Tournament,
    setup: &NightSetup,
    pairing: &Pairing,
    current: &GameSettings,
) -> StartGame {
    let entrant = |side: Side| {
        let id = match side {
            Side::Black => pairing.black,
            Side::White => pairing.white,
        };
        tournament.entrant(id)
    };
    let (black, white) = (entrant(Side::Black), entrant(Side::White));
    let seats = GameSettings {
        config: setup.config,
        black: black.map(player_of).unwrap_or(Player::Human),
        white: white.map(player_of).unwrap_or(Player::Human),
        clock: setup.clock,
        think_time: setup.think_time,
        colours_by_lot: false,
        adaptive: false,
        ..*current
    };
    let names = SeatNames::two(black.map(|e| e.name.clone()), white.map(|e| e.name.clone()));
    StartGame {
        game: Box::new(CurrentGame::new(setup.config).with_clocks(Clocks::new(setup.clock))),
        seats,
        names,
        mode: StartAs::Tournament,
        notice: None,
    }
}

/// The tournament's result of a game's end.
pub fn result_of(end: GameEnd) -> GameResult {
    match end.winner() {
        Some(Side::Black) => GameResult::BlackWins,
        Some(Side::White) => GameResult::WhiteWins,
        None => GameResult::Draw,
    }
}

/// Back on the tournament screen, the tables kept with the tournament whose games have no result
/// yet are followed again (this game hosting them again: its server keeps their games).
fn follow_the_kept_tables(mut to: NightTargets) {
    let Some((tournament, _)) = &to.night.current else {
        return;
    };
    let waiting: Vec<_> = tables::kept_codes(tournament)
        .into_iter()
        .filter(|(at, _)| {
            tournament
                .game(at.0, at.1)
                .is_some_and(|g| g.result.is_none())
        })
        .filter(|(at, _)| !to.followers.follows(*at))
        .collect();
    for (at, code) in waiting {
        let board = tables::BoardAtTable {
            code: Some(code.clone()),
            ..Default::default()
        };
        if !to.follow(at, crate::table::follow::watch(code)) {
            return;
        }
        to.night.tables.boards.insert(at, board);
    }
}

/// What the night's tables told: codes kept with the tournament, the boards as they stand,
/// and a game's end entered as its result.
fn follow_the_tables(
    mut followers: ResMut<tables::Followers>,
    wake: Res<crate::rest::Wake>,
    mut next_frame: ResMut<crate::rest::NextFrame>,
    mut night: ResMut<Night>,
    settings: Res<GameSettings>,
    mut away: MessageWriter<crate::strength::EndedAway>,
) {
    // Looking changes nothing: the screens are redrawn only when a table told something.
    let told = tables::read(followers.bypass_change_detection(), &wake, &mut next_frame);
    for (at, told) in told {
        if let tables::Told::Made(code) = &told
            && let Some((tournament, _)) = &mut night.current
        {
            info!(
                "tournament table {} for round {} board {}",
                code.as_str(),
                at.0,
                at.1
            );
            tables::keep_code(tournament, at, code);
            save(&mut night);
        }
        let board = night.tables.boards.entry(at).or_default();
        tables::take_in(board, told);
        let (end, moves) = (board.end, board.moves);
        if let Some(end) = end
            && enter_the_table(&mut night, at, tables::result_of(end))
            && let Some(ended) = ended_away(&night, at, end, moves, &settings)
        {
            away.write(ended);
        }
    }
}

/// The pairing's game at its table, as the ratings count it.
fn ended_away(
    night: &Night,
    (round, board): (u8, u8),
    end: gamut_net::Ended,
    moves: usize,
    settings: &GameSettings,
) -> Option<crate::strength::EndedAway> {
    let (tournament, setup) = night.current.as_ref()?;
    let pairing = tournament.game(round, board)?;
    let start = game_of(tournament, setup, pairing, settings);
    Some(crate::strength::EndedAway {
        seats: start.seats,
        names: start.names,
        winner: end
            .winner
            .map(|w| if w == 0 { Side::Black } else { Side::White }),
        moves,
    })
}

/// A table's result into the tournament, once (a result entered by hand stands): whether it
/// went in.
fn enter_the_table(night: &mut Night, (round, board): (u8, u8), result: GameResult) -> bool {
    let Some((tournament, _)) = &mut night.current else {
        return false;
    };
    if tournament
        .game(round, board)
        .is_none_or(|g| g.result.is_some())
    {
        return false;
    }
    match tournament.record_result(round, board, result) {
        Ok(()) => {
            info!("tournament result from the table: round {round} board {board}: {result:?}");
            night.notice = Some(NightNotice::Recorded {
                round,
                board,
                result,
            });
            save(night);
            true
        }
        Err(e) => {
            night.notice = Some(NightNotice::Result(e));
            false
        }
    }
}

/// When the pairing's game on the board ends, its result goes into the tournament (and the file).
fn take_results(game: Res<CurrentGame>, mode: Res<State<GameMode>>, mut night: ResMut<Night>) {
    if !game.is_changed() || *mode.get() != GameMode::Tournament {
        return;
    }
    let (Some((round, board)), Some(end)) = (night.playing, game.end()) else {
        return;
    };
    let result = result_of(end);
    let Some((tournament, _)) = &mut night.current else {
        return;
    };
    if tournament.game(round, board).and_then(|g| g.result) == Some(result) {
        return;
    }
    match tournament.record_result(round, board, result) {
        Ok(()) => {
            night.notice = Some(NightNotice::Recorded {
                round,
                board,
                result,
            });
            save(&mut night);
        }
        Err(e) => night.notice = Some(NightNotice::Result(e)),
    }
}

/// The night's news for the title and the side panel.
fn tell_the_news(night: Res<Night>, mut news: ResMut<crate::play::TournamentNews>) {
    news.set_if_neq(news_of(&night));
}

/// What the night tells the title and the side panel.
pub fn news_of(night: &Night) -> crate::play::TournamentNews {
    let under_way = night
        .tournament()
        .filter(|t| !t.is_finished())
        .map(|t| t.current_round().map_or(1, |r| r.number));
    crate::play::TournamentNews {
        under_way,
        playing: night.playing,
    }
}

/// Leaving a tournament game (finished or not) comes back to the tournament screen: asked for
/// as the app goes back to the title, so that the title's own choices never show in between.
fn back_from_a_game(
    mode: Res<State<GameMode>>,
    app: Res<NextState<AppState>>,
    mut night: ResMut<Night>,
    mut screen: ResMut<NextState<crate::play::MenuScreen>>,
) {
    let to_title = matches!(
        *app,
        NextState::Pending(AppState::Menu) | NextState::PendingIfNeq(AppState::Menu)
    );
    if !to_title {
        return;
    }
    let from_a_game = *mode.get() == GameMode::Tournament && night.playing.take().is_some();
    let from_a_table = *mode.get() == GameMode::Table && night.showing.take().is_some();
    if from_a_game || from_a_table {
        screen.set(crate::play::MenuScreen::Tournament);
    }
}
