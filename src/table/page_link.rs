//! A table's link (`…/?table=CODE`), as lichess's "play with a friend": the page opened at it
//! goes straight to that table (back at the seat this browser holds there, else watching); the
//! page at a table says so in its address bar, so that a reload comes back to the table and the
//! address is the link to send. The desktop's QR code for phones carries the table too.

use bevy::prelude::*;
use gamut_net::Code;

use super::TableCommand;
use super::kept::KeptSeats;

/// The table a page's query (`location.search`: `?table=CODE&…`) asks for, if any.
pub fn table_in_query(query: &str) -> Option<String> {
    query
        .trim_start_matches('?')
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .find(|(key, _)| *key == "table")
        .map(|(_, code)| code.trim().to_string())
        .filter(|code| !code.is_empty())
}

/// The link to table `code` of the server whose page is at `page` (its address, `http://…/`).
pub fn link(page: &str, code: &Code) -> String {
    format!("{}/?table={}", page.trim_end_matches('/'), code.as_str())
}

/// The page's own address (`http://host/`), in the page.
pub fn page_address() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let origin = web_sys::window()?.location().origin().ok()?;
        Some(format!("{origin}/"))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// The page's own host and port: the server that served it (a hosted table's, or one on the
/// internet). None on the desktop.
pub fn page_host() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        web_sys::window()?.location().host().ok()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// The table the page's address asks for, in the page.
fn asked_in_address() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        table_in_query(&web_sys::window()?.location().search().ok()?)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// The page's address bar: at table `code`'s link, or back at the page's own address (the
/// other words of its query kept). Nothing is loaded: the address only says where the page is.
fn show_in_address(code: Option<&Code>) {
    #[cfg(target_arch = "wasm32")]
    {
        let Some(window) = web_sys::window() else {
            return;
        };
        let location = window.location();
        let kept: Vec<String> = location
            .search()
            .unwrap_or_default()
            .trim_start_matches('?')
            .split('&')
            .filter(|pair| !pair.is_empty() && !pair.starts_with("table="))
            .map(str::to_string)
            .chain(code.map(|code| format!("table={}", code.as_str())))
            .collect();
        let query = if kept.is_empty() {
            String::new()
        } else {
            format!("?{}", kept.join("&"))
        };
        let path = location.pathname().unwrap_or_else(|_| "/".into());
        // `history.replaceState(null, "", url)`, reached through the window's object (the one
        // call the game makes of it). A refused change leaves the address as it was: the table
        // goes on.
        use wasm_bindgen::{JsCast, JsValue};
        let history = js_sys::Reflect::get(&window, &JsValue::from_str("history"));
        let replace = history.as_ref().ok().and_then(|history| {
            js_sys::Reflect::get(history, &JsValue::from_str("replaceState")).ok()
        });
        if let (Ok(history), Some(replace)) = (&history, replace)
            && let Some(replace) = replace.dyn_ref::<js_sys::Function>()
        {
            let url = JsValue::from_str(&format!("{path}{query}"));
            let _ = replace.call3(history, &JsValue::NULL, &JsValue::from_str(""), &url);
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = code;
}

/// What opening the page at table `code` of the server at `address` asks: back to the seat
/// this browser keeps there, else watching it (with the name last used, to sit down).
pub fn go_to(kept: &KeptSeats, address: &str, code: &str, name: &str) -> TableCommand {
    let seat = kept
        .seats
        .iter()
        .find(|seat| seat.code.as_str().eq_ignore_ascii_case(code) && seat.address == address);
    match seat {
        Some(seat) => TableCommand::Rejoin {
            address: seat.address.clone(),
            code: seat.code.clone(),
            token: seat.token.clone(),
        },
        None => TableCommand::Join {
            address: address.to_string(),
            code: code.to_string(),
            name: name.to_string(),
        },
    }
}

/// Once, as the page starts: the table its address asks for, on the Tables screen while it
/// connects (what goes wrong is said there).
pub(super) fn open_the_table_in_the_address(
    mut done: Local<bool>,
    kept: Res<KeptSeats>,
    prefs: Option<Res<crate::persist::Preferences>>,
    mut commands: MessageWriter<TableCommand>,
    mut screen: ResMut<NextState<crate::play::MenuScreen>>,
) {
    if std::mem::replace(&mut *done, true) {
        return;
    }
    let (Some(code), Some(address)) = (asked_in_address(), page_host()) else {
        return;
    };
    let name = prefs
        .and_then(|p| p.table.as_ref().and_then(|t| t.name.clone()))
        .unwrap_or_default();
    info!("the page's address asks for table {code}");
    commands.write(go_to(&kept, &address, &code, &name));
    screen.set(crate::play::MenuScreen::Tables);
}

/// The page's address follows the table it is at: its link once there, its own address once
/// it left (a reload then comes back to the same place).
pub(super) fn say_the_table_in_the_address(
    table: Res<super::Table>,
    mut shown: Local<Option<Code>>,
) {
    let now = table
        .code
        .clone()
        .filter(|_| table.phase == super::Phase::AtTable || table.phase == super::Phase::Lost);
    // Between tables (connecting, a rematch's move) the address waits for the next one.
    if now.is_none() && table.link.is_some() {
        return;
    }
    if *shown != now {
        show_in_address(now.as_ref());
        *shown = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::table::kept::KeptSeat;

    #[test]
    fn the_query_names_the_table() {
        assert_eq!(table_in_query("?table=BG7BC").as_deref(), Some("BG7BC"));
        assert_eq!(
            table_in_query("?log-positions&table=bg7bc&language=fr").as_deref(),
            Some("bg7bc")
        );
        assert_eq!(table_in_query("?table="), None);
        assert_eq!(table_in_query("?language=fr"), None);
        assert_eq!(table_in_query(""), None);
        assert_eq!(table_in_query("?tables=X"), None);
    }

    #[test]
    fn a_link_names_the_server_and_the_table() {
        let code = Code::parse("BG7BC").unwrap();
        assert_eq!(
            link("http://192.168.1.20:7878/", &code),
            "http://192.168.1.20:7878/?table=BG7BC"
        );
        assert_eq!(
            link("https://tables.example.org", &code),
            "https://tables.example.org/?table=BG7BC"
        );
    }

    #[test]
    fn the_seat_kept_at_that_table_is_taken_back_else_the_table_is_watched() {
        let code = Code::parse("BG7BC").unwrap();
        let token = gamut_net::Token::parse(&"a".repeat(32)).unwrap();
        let mut kept = KeptSeats::default();
        kept.seats.push(KeptSeat {
            address: "tables.example.org".into(),
            code: code.clone(),
            token: token.clone(),
            seat: gamut_net::Seat::new(1).unwrap(),
            game: Default::default(),
        });
        assert!(matches!(
            go_to(&kept, "tables.example.org", "bg7bc", "Ann"),
            TableCommand::Rejoin { token: t, .. } if t == token
        ));
        // Another server's table of the same code: watched.
        assert!(matches!(
            go_to(&kept, "127.0.0.1:7878", "BG7BC", "Ann"),
            TableCommand::Join { ref name, .. } if name == "Ann"
        ));
        assert!(matches!(
            go_to(&kept, "tables.example.org", "ZZZZZ", ""),
            TableCommand::Join { .. }
        ));
    }
}
