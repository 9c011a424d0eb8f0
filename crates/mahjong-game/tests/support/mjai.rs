//! A seeded game followed, or played, over mjai in process: each seat sent its own events
//! (others' tiles hidden, seat lists cut to the players), as a host sends them.

use std::collections::BTreeSet;

use mahjong_game::mjai::wire::{event_json, for_players, mjai_order};
use mahjong_game::{Action, Answer, Follower, Game, MjaiBot, View, action_of};
use serde_json::{Value, json};

/// `event` as `viewer` is sent it at a table of `players`.
fn seen_by(event: &mahjong_game::Event, viewer: usize, players: mahjong_game::Players) -> Value {
    for_players(event_json(event, Some(viewer)).unwrap(), players)
}

/// Plays `game` to its end, `choose` deciding every seat, each seat's `follower` applying its
/// own events; at every new decision point each follower's legal actions, and view, must be
/// the engine's. Returns the decisions checked; the kinds of action met go into `kinds`.
pub fn follow_to_the_end(
    mut game: Game,
    followers: &mut [Follower],
    choose: &dyn Fn(&View) -> Action,
    label: &str,
    kinds: &mut BTreeSet<&'static str>,
) -> usize {
    let players = game.players();
    let mut decisions = 0;
    let mut sent = 0;
    while let Some(seat) = game.to_move() {
        if game.events().len() > sent {
            for event in mjai_order(&game.events()[sent..]) {
                for (viewer, follower) in followers.iter_mut().enumerate() {
                    let value = seen_by(event, viewer, players);
                    follower
                        .apply(&value)
                        .unwrap_or_else(|error| panic!("{label} seat {viewer}: {value}: {error}"));
                }
            }
            sent = game.events().len();
            // A new decision point: every seat knows what the engine lets it do.
            for (viewer, follower) in followers.iter().enumerate() {
                let engine = game.legal_actions(viewer);
                let followed = follower
                    .decision()
                    .map(|view| view.legal)
                    .unwrap_or_default();
                assert_eq!(
                    followed, engine,
                    "{label} seat {viewer} after {sent} events"
                );
                if !engine.is_empty() {
                    // The rules are those start_game told the follower (a start_game that says
                    // nothing of the length leaves it at hanchan).
                    let told = follower.rules();
                    assert_eq!(told.players, game.rules().players, "{label} seat {viewer}");
                    assert_eq!(
                        follower.decision().unwrap(),
                        View {
                            rules: told,
                            ..game.view(viewer)
                        },
                        "{label} seat {viewer}"
                    );
                    decisions += 1;
                    kinds.extend(engine.iter().map(|action| action.name()));
                }
            }
        }
        let action = choose(&game.view(seat));
        game.act(seat, action).unwrap();
    }
    decisions
}

/// The engine hosting `bots` (one a seat) in process, mjai.app's batch form: each is sent
/// `starts[seat]` and then its events, and its answer is read back with the host's own reading
/// ([`action_of`]), riichi in two steps. Plays `game` to its end; returns the actions taken
/// and how many riichi were declared in two steps.
pub fn host_to_the_end(
    mut game: Game,
    bots: &mut [MjaiBot<'_>],
    starts: Vec<Value>,
    label: &str,
) -> (Vec<Action>, usize) {
    let players = game.players();
    let mut pending: Vec<Vec<Value>> = starts.into_iter().map(|start| vec![start]).collect();
    let mut taken = Vec::new();
    let mut riichi = 0;
    let mut sent = 0;
    while let Some(seat) = game.to_move() {
        for event in mjai_order(&game.events()[sent..]) {
            for (viewer, batch) in pending.iter_mut().enumerate() {
                batch.push(seen_by(event, viewer, players));
            }
        }
        sent = game.events().len();
        let view = game.view(seat);
        let mut reach = false;
        let action = loop {
            let batch = std::mem::take(&mut pending[seat]);
            let answer = bots[seat].react_all(&batch).unwrap();
            match action_of(&answer, &view, reach) {
                Ok(Answer::Action(action)) => break action,
                Ok(Answer::Reach) => {
                    reach = true;
                    riichi += 1;
                    pending[seat].push(json!({"type": "reach", "actor": seat}));
                }
                Err(error) => panic!("{label} seat {seat}: {error}"),
            }
        };
        assert!(view.legal.contains(&action), "{label}: {action}");
        game.act(seat, action).unwrap();
        taken.push(action);
        if reach {
            // The seat has its reach already: the engine's own is not sent again.
            assert!(matches!(
                game.events()[sent],
                mahjong_game::Event::Riichi { .. }
            ));
            for (viewer, batch) in pending.iter_mut().enumerate() {
                if viewer != seat {
                    batch.push(seen_by(&game.events()[sent], viewer, players));
                }
            }
            sent += 1;
        }
    }
    assert!(game.is_over());
    (taken, riichi)
}
