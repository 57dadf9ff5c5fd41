// The puzzle of the day's helpers (web/model/days.js): the reader's local day, links, headings.
import test from "node:test";
import assert from "node:assert/strict";
import { chooseDay, dayFromHash, dayHeading, feedUrls, isDay, localDay, missingDay, shiftDay } from "../../web/model/days.js";

test("the reader's day is their local calendar day", () => {
  // 23:30 on 31 December in local time is still the 31st, whatever UTC says
  assert.equal(localDay(new Date(2026, 11, 31, 23, 30)), "2026-12-31");
  assert.equal(localDay(new Date(2027, 0, 1, 0, 5)), "2027-01-01");
});

test("days are checked and shifted across months, years and leap days", () => {
  assert.ok(isDay("2028-02-29"));
  assert.ok(!isDay("2027-02-29"));
  assert.ok(!isDay("2027-13-01"));
  assert.ok(!isDay("27-01-01"));
  assert.equal(shiftDay("2027-01-01", -1), "2026-12-31");
  assert.equal(shiftDay("2028-02-28", 1), "2028-02-29");
  assert.equal(shiftDay("2027-03-01", -1), "2027-02-28");
});

test("the shown day: the date attribute, else the link's, else today", () => {
  const now = new Date(2027, 0, 5, 12);
  assert.equal(chooseDay({ now }), "2027-01-05");
  assert.equal(chooseDay({ hash: "#2027-01-02", now }), "2027-01-02");
  assert.equal(chooseDay({ hash: "#not-a-day", now }), "2027-01-05");
  assert.equal(chooseDay({ date: "2027-01-03", hash: "#2027-01-02", now }), "2027-01-03");
  assert.equal(dayFromHash("#2027-02-30"), null);
});

test("feed URLs resolve against the page", () => {
  const u = feedUrls("/daily", "https://blog.example/2027/post.html", "2027-01-05");
  assert.equal(u.json, "https://blog.example/daily/2027-01-05.json");
  assert.equal(u.archive, "https://blog.example/daily/archive.html");
  assert.equal(feedUrls("./", "https://b.example/daily/archive.html", "2027-01-05").json,
    "https://b.example/daily/2027-01-05.json");
});

test("the heading gives the level and the date; a missing day is said plainly", () => {
  // ICU versions differ on the comma after the weekday
  assert.match(dayHeading({ level: "hard", level_name: "Hard" }, "2027-01-01", "en-GB"), /^Hard · Friday,? 1 January 2027$/);
  assert.match(dayHeading({}, "2027-01-01", "en-GB"), /^Friday,? 1 January 2027$/);
  assert.match(missingDay("2027-03-01", "2027-01-05", "en-GB"),
    /^There is no puzzle for Monday,? 1 March 2027 yet: come back on the day\.$/);
  assert.match(missingDay("2026-03-01", "2027-01-05", "en-GB"), /the feed does not hold that day/);
});
