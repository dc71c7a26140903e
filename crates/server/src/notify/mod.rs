//! Told when it is your move (issue #51): a seated player at a correspondence table leaves an
//! email address and/or the page's Web Push subscription for their seat
//! ([`gamut_net::ToServer::Notify`]); the server then tells them when it is their move,
//! gathering their tables into one digest at most every [`Config::digest_every`] per address,
//! and reminds them the hours they picked before their clock runs out. Nothing is sent for a
//! live or untimed game, nor for a turn while the player's client is connected to the table.
//!
//! An address gets nothing but its confirmation mail until the confirmation's link is followed
//! (`GET /notify/confirm?t=…`); every other mail carries a stop link (`GET` or `POST
//! /notify/stop?t=…`, and the `List-Unsubscribe` headers) that deletes the address. What is
//! kept and for how long: [`crate::store::notices`].
//!
//! The notifier is built on the hub: the hub hands it a seat's wish through [`NotifyDesk`]
//! (which [`Notifier`] is to it), and the notifier asks the hub for the correspondence turns
//! ([`Hub::turns`]).

pub mod mail;
pub mod push;
pub mod routes;
pub mod words;

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use fluent_bundle::FluentValue;
use futures_util::future::BoxFuture;
use gamut_net::notify::{MailState, NotifyAsk, NotifyRefusal};
use gamut_net::{Code, Name, Refusal, Seat, ToClient, Token};

use crate::hub::{Hub, NotifyDesk, Turn};
use crate::store::StoreError;
use crate::store::notices::{Address, AddressAsk, Notices, SeatWish, Told};
use crate::token_hash::TokenHash;

use mail::{Mail, Mailer};
use push::{Pusher, Sent, Subscription};
use words::Words;

/// The most confirmation mails one seat has sent a day (to new addresses: an address not
/// confirmed gets one a day at most, [`Config::confirm_again_after`]).
pub const CONFIRMATIONS_PER_SEAT: usize = 3;
const DAY_MS: i64 = 24 * 3_600_000;

/// How the notices are sent.
#[derive(Debug, Clone)]
pub struct Config {
    /// The site's public address, for the links (`https://tables.example.org`, no `/` at the
    /// end).
    pub site: String,
    /// At most one digest a mail address this often.
    pub digest_every: Duration,
    /// How often the turns are looked at.
    pub look_every: Duration,
    /// An address not yet confirmed gets another confirmation mail at most this often.
    pub confirm_again_after: Duration,
    /// Push endpoints on this machine or given by address are taken (tests only: a public
    /// server refuses them, so that no client makes it post into its own network).
    pub allow_local_push: bool,
}

impl Config {
    /// The defaults for a site at `site`: a digest at most every 6 hours, a look each minute.
    pub fn for_site(site: &str) -> Config {
        Config {
            site: site.trim_end_matches('/').to_string(),
            digest_every: Duration::from_secs(6 * 3600),
            look_every: Duration::from_secs(60),
            confirm_again_after: Duration::from_secs(24 * 3600),
            allow_local_push: false,
        }
    }
}

/// Who tells the players of their moves: by mail and/or by push (either may be off).
pub struct Notifier {
    config: Config,
    mailer: Option<Mailer>,
    pusher: Option<Pusher>,
    words: Words,
    /// One look at a time.
    looking: tokio::sync::Mutex<()>,
    /// When each seat had a confirmation mailed, within the last day.
    confirmations: Mutex<HashMap<(Code, Seat), Vec<i64>>>,
}

impl std::fmt::Debug for Notifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Notifier")
            .field("config", &self.config)
            .field("mail", &self.mailer.is_some())
            .field("push", &self.pusher.is_some())
            .finish_non_exhaustive()
    }
}

/// What the hub hands a seat's wish to: [`Notifier::ask`].
impl NotifyDesk for Notifier {
    fn ask<'a>(
        self: Arc<Self>,
        hub: &'a Hub,
        code: Code,
        seat: Seat,
        ask: NotifyAsk,
    ) -> BoxFuture<'a, Result<ToClient, Refusal>> {
        Box::pin(async move { Notifier::ask(&self, hub, code, seat, ask).await })
    }
}

/// A confirmation mail to send, after the ask is kept.
struct Confirmation {
    email: String,
    token: Token,
    lang: &'static str,
}

impl Notifier {
    pub fn new(config: Config, mailer: Option<Mailer>, pusher: Option<Pusher>) -> Notifier {
        Notifier {
            config,
            mailer,
            pusher,
            words: Words::new(),
            looking: tokio::sync::Mutex::new(()),
            confirmations: Mutex::default(),
        }
    }

    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The VAPID key's public half, for the page (none: no push).
    pub fn push_key(&self) -> Option<String> {
        self.pusher.as_ref().map(Pusher::public_key)
    }

    pub(crate) fn words(&self) -> &Words {
        &self.words
    }

    /// A seat's wish (the hub checked the seat): kept, and a confirmation mailed to an address
    /// not confirmed yet (in the background: the client's answer does not wait for the mail
    /// server).
    pub async fn ask(
        self: &Arc<Self>,
        hub: &Hub,
        code: Code,
        seat: Seat,
        ask: NotifyAsk,
    ) -> Result<ToClient, Refusal> {
        let refuse = |notify| Refusal::Notify { notify };
        if (ask.email.is_some() && self.mailer.is_none())
            || (ask.push.is_some() && self.pusher.is_none())
        {
            return Err(refuse(NotifyRefusal::Off));
        }
        if let Some(email) = &ask.email
            && !mail::deliverable(email.as_str())
        {
            return Err(refuse(NotifyRefusal::BadEmail));
        }
        let push = match &ask.push {
            Some(sub) => Some(
                push::checked(sub, self.config.allow_local_push)
                    .map_err(|_| refuse(NotifyRefusal::BadSubscription))?,
            ),
            None => None,
        };
        let lang = self.words.language(ask.lang.as_ref().map(|l| l.as_str()));
        let wish = SeatWish {
            code: code.as_str().to_string(),
            seat: seat.index() as u8,
            email: ask.email.as_ref().map(|e| e.as_str().to_string()),
            push: push.as_ref().and_then(|p| serde_json::to_string(p).ok()),
            reminders: ask.reminders.hours().to_vec(),
            lang: lang.to_string(),
            mailed_ply: -1,
            pushed_ply: -1,
            reminded_ply: -1,
            reminded_hours: 0,
        };
        let now = hub.now();
        let again = self.config.confirm_again_after.as_millis() as i64;
        let may_confirm = self.may_confirm(&code, seat, now);
        let kept = hub
            .blocking(move |store| {
                let asking = Asking {
                    wish: &wish,
                    lang,
                    now,
                    again,
                    may_confirm,
                };
                store.notices(|db| keep_wish(db, &asking))
            })
            .await
            .map_err(|e| {
                tracing::error!("the database refused a notice's wish: {e}");
                Refusal::Unavailable
            })?;
        let Some((state, confirmation)) = kept else {
            return Err(refuse(NotifyRefusal::TooMany));
        };
        if let Some(confirmation) = confirmation {
            self.confirmed_at(&code, seat, now);
            let notifier = self.clone();
            tokio::spawn(async move { notifier.send_confirmation(&confirmation).await });
        }
        Ok(ToClient::Notifying {
            code,
            email: state,
            push: push.is_some(),
        })
    }

    /// Whether the seat may have another confirmation mailed now.
    fn may_confirm(&self, code: &Code, seat: Seat, now: i64) -> bool {
        let mut sent = self.confirmations.lock().unwrap_or_else(|e| e.into_inner());
        sent.retain(|_, times| {
            times.retain(|&t| now - t < DAY_MS);
            !times.is_empty()
        });
        sent.get(&(code.clone(), seat))
            .is_none_or(|times| times.len() < CONFIRMATIONS_PER_SEAT)
    }

    fn confirmed_at(&self, code: &Code, seat: Seat, now: i64) {
        let mut sent = self.confirmations.lock().unwrap_or_else(|e| e.into_inner());
        sent.entry((code.clone(), seat)).or_default().push(now);
    }

    async fn send_confirmation(&self, c: &Confirmation) {
        let Some(mailer) = &self.mailer else { return };
        let site = self.config.site.as_str();
        let link = format!("{site}/notify/confirm?t={}", c.token.as_str());
        let args = [("site", site.into()), ("link", link.into())];
        let mail = Mail {
            to: c.email.clone(),
            subject: self.words.say(c.lang, "confirm-subject", &args),
            body: self.words.say(c.lang, "confirm-body", &args),
            stop: None,
        };
        if let Err(e) = mailer.send(&mail).await {
            tracing::warn!("a confirmation mail not sent: {e}");
        }
    }

    /// One look at every correspondence turn: the digests due, the pushes, the reminders.
    pub async fn look(&self, hub: &Hub) {
        let _one = self.looking.lock().await;
        let now = hub.now();
        let turns = hub.turns().await;
        let every = self.config.digest_every.as_millis() as i64;
        let planned = hub
            .blocking(move |store| store.notices(|db| plan(db, &turns, now, every)))
            .await;
        let plan = match planned {
            Ok(plan) => plan,
            Err(e) => {
                tracing::error!("the notices' look failed: {e}");
                return;
            }
        };
        for digest in &plan.digests {
            self.send_digest(hub, digest, now).await;
        }
        for pushes in &plan.pushes {
            self.send_pushes(hub, pushes, now).await;
        }
        for reminder in &plan.reminders {
            self.send_reminder(hub, reminder, now).await;
        }
    }

    async fn send_digest(&self, hub: &Hub, digest: &Digest, now: i64) {
        let Some(mailer) = &self.mailer else { return };
        let lang = self.words.language(Some(&digest.address.lang));
        let mail = self.digest_mail(digest, lang, now);
        if let Err(e) = mailer.send(&mail).await {
            tracing::warn!("a digest not sent: {e}");
            return;
        }
        let told: Vec<(String, u8, u32)> = digest
            .turns
            .iter()
            .map(|t| (t.code.as_str().to_string(), t.seat.index() as u8, t.ply))
            .collect();
        let email = digest.address.email.clone();
        self.note(hub, move |db| {
            for (code, seat, ply) in &told {
                db.told(code, *seat, *ply, Told::Mailed)?;
            }
            db.digested(&email, now)
        })
        .await;
    }

    fn digest_mail(&self, digest: &Digest, lang: &str, now: i64) -> Mail {
        let w = &self.words;
        let first = digest.turns.first().map_or("", |t| t.code.as_str());
        let count = digest.turns.len();
        let subject = w.say(
            lang,
            "digest-subject",
            &[("count", count.into()), ("first", first.into())],
        );
        let mut body = w.say(lang, "digest-intro", &[]);
        body.push('\n');
        for turn in &digest.turns {
            body.push_str("\n- ");
            body.push_str(&w.say(lang, "digest-line", &self.turn_args(turn, lang, now)));
        }
        let stop = self.stop_link(&digest.address);
        body.push_str("\n\n-- \n");
        body.push_str(&self.footer(lang, &stop));
        Mail {
            to: digest.address.email.clone(),
            subject,
            body,
            stop: Some(stop),
        }
    }

    /// A turn's words: its code, the other players, the move, the hours left, the link.
    fn turn_args(
        &self,
        turn: &Turn,
        lang: &str,
        now: i64,
    ) -> Vec<(&'static str, FluentValue<'static>)> {
        let others = if turn.others.is_empty() {
            self.words.say(lang, "nobody", &[])
        } else {
            let names: Vec<&str> = turn.others.iter().map(Name::as_str).collect();
            names.join(", ")
        };
        vec![
            ("code", turn.code.as_str().to_string().into()),
            ("others", others.into()),
            ("move", (turn.ply + 1).into()),
            ("hours", hours_left(turn.deadline, now).into()),
            ("link", self.table_link(&turn.code).into()),
        ]
    }

    fn table_link(&self, code: &Code) -> String {
        format!("{}/?table={}", self.config.site, code.as_str())
    }

    fn stop_link(&self, address: &Address) -> String {
        format!("{}/notify/stop?t={}", self.config.site, address.stop_token)
    }

    fn footer(&self, lang: &str, stop: &str) -> String {
        let site = self.config.site.as_str();
        self.words.say(
            lang,
            "footer",
            &[("site", site.into()), ("stop", stop.into())],
        )
    }

    async fn send_pushes(&self, hub: &Hub, pushes: &Pushes, now: i64) {
        let lang = self.words.language(Some(&pushes.lang));
        let codes: Vec<&str> = pushes.turns.iter().map(|t| t.code.as_str()).collect();
        let first = codes.first().copied().unwrap_or("");
        let body = self.words.say(
            lang,
            "push-digest",
            &[
                ("count", codes.len().into()),
                ("first", first.into()),
                ("codes", codes.join(", ").into()),
            ],
        );
        let link = pushes.turns.first().map(|t| self.table_link(&t.code));
        if !self.push(hub, &pushes.push, lang, &body, link, now).await {
            return;
        }
        let told: Vec<(String, u8, u32)> = pushes
            .turns
            .iter()
            .map(|t| (t.code.as_str().to_string(), t.seat.index() as u8, t.ply))
            .collect();
        self.note(hub, move |db| {
            for (code, seat, ply) in &told {
                db.told(code, *seat, *ply, Told::Pushed)?;
            }
            Ok(())
        })
        .await;
    }

    /// Posts one push (its text the JSON the page's service worker shows); false if it was
    /// not delivered (a subscription gone is forgotten).
    async fn push(
        &self,
        hub: &Hub,
        push: &str,
        lang: &str,
        body: &str,
        link: Option<String>,
        now: i64,
    ) -> bool {
        let Some(pusher) = &self.pusher else {
            return false;
        };
        let Ok(sub) = serde_json::from_str::<Subscription>(push) else {
            return false;
        };
        let title = self.words.say(lang, "push-title", &[]);
        let text = serde_json::json!({ "title": title, "body": body, "url": link }).to_string();
        match pusher.send(&sub, &text, now / 1000).await {
            Ok(Sent::Delivered) => true,
            Ok(Sent::Gone) => {
                let push = push.to_string();
                self.note(hub, move |db| db.forget_push(&push)).await;
                false
            }
            Err(e) => {
                tracing::warn!("a push not sent: {e}");
                false
            }
        }
    }

    async fn send_reminder(&self, hub: &Hub, reminder: &Reminder, now: i64) {
        let turn = &reminder.turn;
        let lang = self.words.language(Some(&reminder.lang));
        let args = self.turn_args(turn, lang, now);
        let mut sent = false;
        if let (Some(address), Some(mailer)) = (&reminder.address, &self.mailer) {
            let stop = self.stop_link(address);
            let body = format!(
                "{}\n\n-- \n{}",
                self.words.say(lang, "reminder-body", &args),
                self.footer(lang, &stop)
            );
            let mail = Mail {
                to: address.email.clone(),
                subject: self.words.say(lang, "reminder-subject", &args),
                body,
                stop: Some(stop),
            };
            match mailer.send(&mail).await {
                Ok(()) => sent = true,
                Err(e) => tracing::warn!("a reminder not sent: {e}"),
            }
        }
        if let Some(push) = &reminder.push {
            let body = self.words.say(lang, "push-reminder", &args);
            let link = Some(self.table_link(&turn.code));
            sent |= self.push(hub, push, lang, &body, link, now).await;
        }
        if sent {
            let (code, seat, ply) = (
                turn.code.as_str().to_string(),
                turn.seat.index() as u8,
                turn.ply,
            );
            let hours = reminder.hours;
            self.note(hub, move |db| {
                db.told(&code, seat, ply, Told::Reminded { hours })
            })
            .await;
        }
    }

    /// Writes what was sent (a database that fails is logged: the next look sends it again).
    async fn note(
        &self,
        hub: &Hub,
        write: impl FnOnce(&dyn Notices) -> Result<(), StoreError> + Send + 'static,
    ) {
        let written = hub.blocking(move |store| store.notices(write)).await;
        if let Err(e) = written {
            tracing::error!("the database refused a notice's note: {e}");
        }
    }

    /// Confirms the address whose confirmation token is `token`: its language, if one was.
    pub async fn confirm(&self, hub: &Hub, token: Token) -> Result<Option<String>, StoreError> {
        let hash = TokenHash::of(&token).to_hex();
        let address = hub
            .blocking(move |store| store.notices(|db| db.confirm(&hash)))
            .await?;
        Ok(address.map(|a| a.lang))
    }

    /// Stops every mail to the address whose stop token is `token`: its language, if one was.
    pub async fn stop(&self, hub: &Hub, token: Token) -> Result<Option<String>, StoreError> {
        let token = token.as_str().to_string();
        hub.blocking(move |store| store.notices(|db| db.stop(&token)))
            .await
    }
}

/// What a wish kept says: the address's state, and a confirmation to send.
type Kept = (Option<MailState>, Option<Confirmation>);

/// A seat's wish on its way to the database (its table and seat are the wish's): the wish,
/// its language, when, how long before an unconfirmed address is mailed again, and whether the
/// seat may have another confirmation mailed today.
struct Asking<'a> {
    wish: &'a SeatWish,
    lang: &'static str,
    now: i64,
    again: i64,
    may_confirm: bool,
}

/// Keeps a seat's wish; a confirmation to send when its address is new, or not confirmed and
/// last asked longer than `again` ago. None (nothing kept) when a confirmation is due but the
/// seat `may_confirm` no more today.
fn keep_wish(db: &dyn Notices, asking: &Asking) -> Result<Option<Kept>, StoreError> {
    let kept = match &asking.wish.email {
        Some(email) => match keep_address(db, email, asking)? {
            Some(kept) => kept,
            None => return Ok(None),
        },
        None => (None, None),
    };
    db.set_wish(asking.wish)?;
    Ok(Some(kept))
}

/// The wish's address kept: its state, and a confirmation to send (none at all: one is due
/// but the seat may have no more today).
fn keep_address(
    db: &dyn Notices,
    email: &str,
    asking: &Asking,
) -> Result<Option<Kept>, StoreError> {
    let Asking {
        wish,
        lang,
        now,
        again,
        may_confirm,
    } = *asking;
    let kept = db.address(email)?;
    let confirming = match &kept {
        Some(address) if address.confirmed => Some(MailState::Confirmed),
        Some(address) if now - address.asked_at < again => Some(MailState::Confirming),
        _ => None,
    };
    if let Some(state) = confirming {
        db.use_address(email, &wish.lang, now)?;
        return Ok(Some((Some(state), None)));
    }
    if !may_confirm {
        return Ok(None);
    }
    let token = Token::from_bits(rand::random::<u128>());
    let stop = kept.map_or_else(
        || {
            Token::from_bits(rand::random::<u128>())
                .as_str()
                .to_string()
        },
        |a| a.stop_token,
    );
    let hash = TokenHash::of(&token).to_hex();
    db.ask_address(&AddressAsk {
        email,
        confirm_hash: &hash,
        stop_token: &stop,
        lang: &wish.lang,
        now,
    })?;
    let confirmation = Confirmation {
        email: email.to_string(),
        token,
        lang,
    };
    Ok(Some((Some(MailState::Confirming), Some(confirmation))))
}

/// What one look sends.
#[derive(Debug, Default)]
struct Plan {
    digests: Vec<Digest>,
    pushes: Vec<Pushes>,
    reminders: Vec<Reminder>,
}

/// A digest to one address: its turns not mailed yet.
#[derive(Debug)]
struct Digest {
    address: Address,
    turns: Vec<Turn>,
}

/// A push to one subscription: its turns not pushed yet.
#[derive(Debug)]
struct Pushes {
    push: String,
    lang: String,
    turns: Vec<Turn>,
}

/// A reminder of one turn, `hours` (the fewest of the seat's reminders passed) before its
/// clock runs out.
#[derive(Debug)]
struct Reminder {
    turn: Turn,
    hours: u16,
    lang: String,
    address: Option<Address>,
    push: Option<String>,
}

/// What to send now for these turns: a turn its player's client is connected to is noted
/// seen (nothing is sent for it); the others go into the digests of the addresses whose last
/// digest is `every` old or more, into their subscriptions' pushes, and into the reminders
/// due.
fn plan(db: &dyn Notices, turns: &[Turn], now: i64, every: i64) -> Result<Plan, StoreError> {
    db.prune(now)?;
    let addresses: BTreeMap<String, Address> = db
        .confirmed_addresses()?
        .into_iter()
        .map(|a| (a.email.clone(), a))
        .collect();
    let wishes: BTreeMap<(String, u8), SeatWish> = db
        .wishes()?
        .into_iter()
        .map(|w| ((w.code.clone(), w.seat), w))
        .collect();
    let mut digests: BTreeMap<String, Vec<Turn>> = BTreeMap::new();
    let mut pushes: BTreeMap<String, (String, Vec<Turn>)> = BTreeMap::new();
    let mut plan = Plan::default();
    for turn in turns {
        let key = (turn.code.as_str().to_string(), turn.seat.index() as u8);
        let Some(wish) = wishes.get(&key) else {
            continue;
        };
        let ply = i64::from(turn.ply);
        if turn.connected {
            if wish.mailed_ply < ply || wish.pushed_ply < ply {
                db.told(&key.0, key.1, turn.ply, Told::Seen)?;
            }
            continue;
        }
        let address = wish.email.as_ref().and_then(|e| addresses.get(e));
        if let Some(address) = address.filter(|_| wish.mailed_ply < ply) {
            digests
                .entry(address.email.clone())
                .or_default()
                .push(turn.clone());
        }
        if let Some(push) = wish.push.as_ref().filter(|_| wish.pushed_ply < ply) {
            let entry = pushes
                .entry(push.clone())
                .or_insert_with(|| (wish.lang.clone(), Vec::new()));
            entry.1.push(turn.clone());
        }
        if let Some(hours) = reminder_due(wish, turn, now) {
            plan.reminders.push(Reminder {
                turn: turn.clone(),
                hours,
                lang: wish.lang.clone(),
                address: address.cloned(),
                push: wish.push.clone(),
            });
        }
    }
    plan.digests = digests
        .into_iter()
        .filter_map(|(email, turns)| {
            let address = addresses.get(&email)?.clone();
            (now - address.last_digest >= every).then_some(Digest { address, turns })
        })
        .collect();
    plan.pushes = pushes
        .into_iter()
        .map(|(push, (lang, turns))| Pushes { push, lang, turns })
        .collect();
    Ok(plan)
}

/// The fewest hours of the seat's reminders that `turn`'s clock has passed and that was not
/// sent yet for this turn (a reminder as long as the clock's whole time is never sent: it
/// would come with the move).
fn reminder_due(wish: &SeatWish, turn: &Turn, now: i64) -> Option<u16> {
    let left = turn.deadline - now;
    if left <= 0 {
        return None;
    }
    let whole = i64::from(turn.days) * 24;
    let sent = (wish.reminded_ply == i64::from(turn.ply)).then_some(wish.reminded_hours);
    wish.reminders
        .iter()
        .copied()
        .filter(|&h| i64::from(h) < whole && left <= i64::from(h) * 3_600_000)
        .filter(|&h| sent.is_none_or(|s| h < s))
        .min()
}

/// Whole hours left (rounded up: "1 h left" until the last minute).
fn hours_left(deadline: i64, now: i64) -> i64 {
    ((deadline - now).max(0) + 3_599_999) / 3_600_000
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(days: u8, left_hours: f64) -> Turn {
        Turn {
            code: Code::parse("ABCDE").unwrap(),
            seat: Seat::new(1).unwrap(),
            name: Name::parse("Ann").unwrap(),
            others: Vec::new(),
            ply: 4,
            days,
            deadline: (left_hours * 3_600_000.0) as i64,
            connected: false,
        }
    }

    fn wish(reminded: Option<u16>) -> SeatWish {
        SeatWish {
            code: "ABCDE".into(),
            seat: 1,
            email: None,
            push: None,
            reminders: vec![24, 1],
            lang: "en".into(),
            mailed_ply: -1,
            pushed_ply: -1,
            reminded_ply: if reminded.is_some() { 4 } else { -1 },
            reminded_hours: reminded.unwrap_or(0),
        }
    }

    #[test]
    fn a_reminder_comes_once_at_each_time_picked() {
        // Three days a move: none with 30 h left, the 24-hour one with 23, then the 1-hour one.
        assert_eq!(reminder_due(&wish(None), &turn(3, 30.0), 0), None);
        assert_eq!(reminder_due(&wish(None), &turn(3, 23.0), 0), Some(24));
        assert_eq!(reminder_due(&wish(Some(24)), &turn(3, 23.0), 0), None);
        assert_eq!(reminder_due(&wish(Some(24)), &turn(3, 0.5), 0), Some(1));
        assert_eq!(reminder_due(&wish(Some(1)), &turn(3, 0.5), 0), None);
        // Both passed at once: one reminder, the nearer.
        assert_eq!(reminder_due(&wish(None), &turn(3, 0.5), 0), Some(1));
        // A day a move: no 24-hour reminder (it would come with the move).
        assert_eq!(reminder_due(&wish(None), &turn(1, 23.0), 0), None);
        // Out of time: the flag's business.
        assert_eq!(reminder_due(&wish(None), &turn(3, 0.0), 0), None);
        assert_eq!(hours_left(90 * 60_000, 0), 2);
    }
}
