// The Learn view's lessons: one short text per technique of the default path, written for this
// app. Keys are the engine's technique ids; which techniques exist, their names, families and
// levels come from the worker's catalogue, never from here. A technique without a text here
// shows its drills and examples only.

const WORDS = ["", "one", "two", "three", "four"];

/** @param {number} k @param {string} lines */
const fish = (k, lines) => {
  const n = WORDS[k];
  return `Pick one digit. Find ${n} rows in which it can only go in the same ${n} columns (or ${n} columns ` +
    `that share ${n} rows). Each of these rows needs the digit once, in one of those columns, so the rows ` +
    `fill the ${n} columns between them: the digit can go nowhere else in those columns. ${lines}`;
};

/** @param {string} name */
const finned = (name) =>
  `A ${name} that is almost there: one base line has extra candidates, all in one box (the fin). ` +
  `Either the fin holds the digit or the fish is real. Only the cells that would lose the digit ` +
  "to the fish and also see every fin lose it in both cases.";

/** @param {string} name */
const sashimi = (name) =>
  `A finned ${name} in which a corner of the fish is missing altogether: a base line has only the fin and ` +
  `one of the cover lines. The reasoning is the finned one: cells that the fish covers and that see the fin lose the digit.`;

/** @param {number} n @param {string} word */
const naked = (n, word) =>
  `${word} cells of one house whose candidates, taken together, are only ${n} digits. Those digits have to fill ` +
  `those cells, so every other cell of the house loses them.`;

/** @param {number} n @param {string} word */
const hidden = (n, word) =>
  `${word} digits that, in one house, can only go in the same ${n} cells. Those cells are then taken by ` +
  `those digits, so any other candidate in them goes.`;

/** @type {Object<string, string>} */
export const LESSONS = {
  "full-house": "A house (row, column or box) with one empty cell left: the missing digit goes there.",
  "hidden-single": "Look at one digit in one house. When only one cell of the house can still take it, it goes there, " +
    "whatever else that cell could hold. Scan box by box, then row and column.",
  "naked-single": "A cell whose row, column and box already contain eight different digits can only hold the ninth. " +
    "With candidates written in, it is the cell with one candidate left.",
  "direct-pointing": "A pointing move that pays off at once: in a box a digit sits only in one row (or column), " +
    "and removing it from the rest of that line leaves a hidden single somewhere else on the line.",
  "direct-claiming": "A claiming move that pays off at once: in a row (or column) a digit sits only inside one box, " +
    "and removing it from the rest of that box leaves a hidden single in the box.",
  "direct-hidden-pair": "A hidden pair that leaves a single: two digits share the same two cells of a house, and once " +
    "those cells are cleared of other digits, a third digit has one place left in the house.",
  "direct-hidden-triple": "As the direct hidden pair, with three digits confined to three cells of a house; clearing " +
    "the three cells leaves another digit a single place.",
  "locked-pair": "Two cells where a box meets a row or column, holding only the same two digits. The pair is locked " +
    "in both houses at once, so both digits leave the rest of the box and the rest of the line.",
  "locked-triple": "Three cells where a box meets a row or column, holding only three digits between them: the digits " +
    "leave the rest of the box and the rest of the line.",
  "locked-candidates-1": "Pointing: inside one box, a digit's candidates all lie in one row (or one column). The box's " +
    "copy of the digit is in that line, so the line has no room for it outside the box.",
  "locked-candidates-2": "Claiming (box/line reduction): inside one row or column, a digit's candidates all lie in one " +
    "box. The line's copy is in that box, so the rest of the box cannot take the digit.",
  "gurths-theorem": "When the givens look the same after a symmetry of the grid (a diagonal reflection, a half or " +
    "quarter turn) with the digits swapped in pairs, the one solution has that symmetry too. Cells on the axis or centre " +
    "then hold digits that map to themselves, and a digit fits a cell only if its partner fits the mirror cell.",
  "naked-pair": naked(2, "Two"),
  "x-wing": fish(2, "Two rows, two columns: the four cells form a rectangle, and the digit sits on one diagonal of it."),
  "chute-remote-pair": "Two cells with the same two candidates, in one band (or stack) but in different boxes and " +
    "lines. Look at the third box of the band, in the third line: if one of the two digits cannot go there, the two " +
    "cells cannot both hold that digit, so one of them holds the other digit, and cells seeing both lose it.",
  "hidden-pair": hidden(2, "Two"),
  "naked-triple": naked(3, "Three") + " Each cell need not hold all three digits.",
  swordfish: fish(3, "Three rows and three columns."),
  "remote-pair": "A chain of cells that all hold the same two candidates, each seeing the next. Along the chain the two " +
    "digits alternate, so two cells an odd number of links apart hold different digits: a cell that sees both loses " +
    "both digits.",
  "hidden-triple": hidden(3, "Three"),
  skyscraper: "One digit, two rows (or columns) where it has exactly two places each. One end of each pair sits in the " +
    "same column; the other two ends are the tops of the towers. One of the tops holds the digit, so a cell seeing both " +
    "tops loses it.",
  "2-string-kite": "One digit with two places in a row and two in a column, where one end of each lies in the same box. " +
    "The box cannot hold the digit twice, so one of the two far ends has it: a cell seeing both far ends loses it.",
  "dual-2-string-kite": "Two 2-string kites sharing the same box: each removes its own candidate, and the two are " +
    "found together.",
  "turbot-fish": "A four-cell chain on one digit: a strong link (the only two places in a house), a weak link (two cells " +
    "that see each other), another strong link. One of the two ends must hold the digit, so cells seeing both ends lose it.",
  "empty-rectangle": "In a box, a digit's candidates all lie on one row and one column of the box (an L or a " +
    "cross). Add a strong link of the digit in a column outside the box with one end on the box's row. The cell " +
    "where the box's column meets the other end's row loses the digit: if it held it, the strong link would put the " +
    "digit on the box's row, and the box would have no place left for it. (The same with rows and columns swapped.)",
  "dual-empty-rectangle": "Two empty rectangles in the same box that use two strong links: both eliminations are made " +
    "by one pattern.",
  "w-wing": "Two cells with the same two candidates x and y that do not see each other, and a strong link on x whose ends " +
    "see one cell each. If both cells were x, the strong link would lose both ends, so one of them is y: cells seeing " +
    "both lose y.",
  "xy-wing": "A pivot cell with candidates xy sees two wing cells xz and yz. Whichever digit the pivot takes, one of the " +
    "wings becomes z, so a cell seeing both wings cannot be z.",
  "rectangle-elimination": "A strong link on a digit from a hinge cell, and a weak link from the hinge to a cell in " +
    "another box. If that cell held the digit, the two ends would together empty the box at the fourth corner of " +
    "their rectangle, so it cannot.",
  "xyz-wing": "As an XY-Wing, but the pivot holds all three digits xyz. Any cell that sees the pivot and both wings " +
    "loses z, since one of the three holds it.",
  "avoidable-rectangle-1": "Four cells on two rows, two columns and two boxes, three of them filled by the player (not " +
    "givens) with two digits in a rectangle pattern. If the fourth took the missing digit, the two digits could be " +
    "swapped and the puzzle would have two solutions, so that digit goes.",
  "avoidable-rectangle-2": "An avoidable rectangle whose two open corners each have one extra candidate, the same one: " +
    "one of them must hold it, so cells seeing both lose it.",
  "unique-loop": "Cells in a closed loop across rows, columns and boxes holding only the same two digits would allow " +
    "two solutions. One cell with extra candidates must therefore take one of its extras.",
  "uniqueness-1": "Unique Rectangle type 1: four cells on two rows, two columns and two boxes. Three hold only the " +
    "same pair ab; the fourth holds ab and more. A puzzle with one solution cannot end with a, b in all four (they " +
    "could swap), so the fourth cell loses a and b.",
  "uniqueness-2": "Unique Rectangle type 2: two corners hold only ab, the other two ab plus the same extra digit c. " +
    "One of those two must be c, so cells seeing both lose c.",
  "uniqueness-3": "Unique Rectangle type 3: the two extra corners' extras act together as one cell, forming a naked " +
    "subset with other cells of their house; the subset's digits leave the rest of the house.",
  "uniqueness-4": "Unique Rectangle type 4: in the two corners with extras, one of the pair's digits (say a) has no " +
    "other place in their shared house. One of them is a, so neither may be b: both lose b.",
  "uniqueness-5": "Unique Rectangle type 5: the extra digit c appears on three corners (or two diagonal ones); one of " +
    "them holds c, so a cell seeing all of them loses c.",
  "uniqueness-6": "Unique Rectangle type 6: the two corners with extras sit on a diagonal, and digit a has no places " +
    "in the rectangle's two rows (or columns) but its corners. If one extra corner held a, the other would too, and " +
    "the two plain corners would both be b: the deadly pattern. So the extra corners lose a.",
  "hidden-rectangle": "A unique rectangle seen through strong links: one corner is bivalue ab, and in the opposite " +
    "corner's row and column digit a has only the rectangle's places. Then the opposite corner cannot be b.",
  "extended-unique-rectangle": "The unique-rectangle idea on six cells (two rows by three columns, or the reverse) " +
    "holding three digits: the pattern may not be completed by those digits alone, so the cell with extras loses them.",
  "finned-x-wing": finned("X-Wing"),
  "sashimi-x-wing": sashimi("X-Wing"),
  "finned-swordfish": finned("Swordfish"),
  "sashimi-swordfish": sashimi("Swordfish"),
  "naked-quadruple": naked(4, "Four"),
  jellyfish: fish(4, "Four rows and four columns."),
  "finned-jellyfish": finned("Jellyfish"),
  fireworks: "Take a cell and, for several digits, check its row and column outside its box: each digit has at most " +
    "one place there. The digit must then be in the cell or in one of those two outside places. When three digits " +
    "share the same cell and places, those three cells hold the three digits and lose anything else.",
  "sashimi-jellyfish": sashimi("Jellyfish"),
  "hidden-quadruple": hidden(4, "Four"),
  "wxyz-wing": "Four cells (usually a pivot and three wings it sees) holding four digits between them, every digit but one (z) " +
    "confined to cells that all see one another, so each of those can be placed once at most. Four cells need four " +
    "digits, so z is among them: a cell that sees every z of the pattern loses z.",
  "bug-plus-1": "Bivalue Universal Grave: every unsolved cell has two candidates except one cell with three, and each " +
    "digit appears twice in every house. Such a grid would have two solutions, so the three-candidate cell takes the " +
    "digit that appears three times in its houses.",
  "bug-type-1": "A BUG with one cell off the pattern: left with the grave's two digits the puzzle would have two " +
    "solutions, so the cell holds one of its extra digits and loses the other two.",
  "bug-type-2": "A BUG with several cells holding the same extra digit: one of them holds it, so cells seeing them all " +
    "lose it.",
  "bug-type-4": "A BUG with two off-pattern cells in one house that share a digit v: one of them takes its extra " +
    "digit, and v has only those two places in the house, so the other is v. Each cell is then v or its extra " +
    "digit, and its other candidates go.",
  "bug-type-3": "A BUG whose extra candidates, taken together, form a naked subset with other cells of a house.",
  "simple-colors-trap": "Colour one digit's chain of strong links in two colours, alternating. One colour is all true, " +
    "the other all false; a cell that sees both colours cannot hold the digit.",
  "simple-colors-wrap": "In one digit's colouring, two cells of the same colour see each other. That colour would put " +
    "the digit twice in a house, so it is false: every cell of that colour loses the digit.",
  "multi-colors-1": "Two separate colourings of one digit. When a colour of the first sees both colours of the second, " +
    "that first colour is false.",
  "multi-colors-2": "Two separate colourings of one digit, one colour of each seeing the other's colour: one of the other " +
    "two colours is true, so cells seeing both lose the digit.",
  "aligned-pair-exclusion": "Two cells that share bivalue peers: list the pairs of values they could take together. A " +
    "pair fails when it would use both candidates of a common peer, or the same digit twice in one house. A value of a " +
    "cell found in no possible pair goes.",
  "vwxyz-wing": "The WXYZ-Wing with five cells and five digits: every digit but z is confined to cells that see " +
    "one another, so z must be in the pattern, and cells seeing all its z candidates lose z.",
  "sue-de-coq": "Two or three cells where a box meets a line, with more digits than cells. Some of the digits are " +
    "claimed by a bivalue cell in the line, others by one in the box; each group's digits leave the rest of its house.",
  "als-xz": "Two almost locked sets (n cells, n+1 digits) share a digit x that, in both, sees itself across the sets: x " +
    "is restricted. Then another shared digit z is true in one of the sets, so cells seeing all z of both lose z.",
  "als-xy-wing": "Three almost locked sets: a pivot linked to two wings by restricted digits. As in the XY-Wing, one wing " +
    "must hold the common digit z, so cells seeing every z of both wings lose it.",
  "als-xy-chain": "A chain of almost locked sets joined by restricted common digits. One of the two end sets holds z, " +
    "so cells that see every z in both ends lose it.",
  "death-blossom": "A stem cell whose every candidate is the restricted digit of a petal (an almost locked set). " +
    "Whatever the stem holds, one petal is locked; a digit found in every petal then leaves cells seeing all of them.",
  "uvwxyz-wing": "The same with six cells and six digits: every digit but z at most once, so z is in the " +
    "pattern, and cells seeing all its z candidates lose z.",
  "x-chain": "A chain on one digit alternating strong links (only two places) and weak links (same house). It starts and " +
    "ends with a strong link, so one end is true: cells seeing both ends lose the digit.",
  "xy-chain": "A chain of bivalue cells, each sharing a digit with the next. If the first cell is not x, the chain " +
    "forces the last one to be x; so one of the ends is x, and cells seeing both lose x.",
  "3d-medusa": "Colouring across digits: each bivalue cell and each strong link flips the colour. A colour that clashes " +
    "(the same digit twice in a house, two digits in one cell) is false; a candidate that sees both colours goes.",
  aic: "Alternating inference chain: strong and weak links in turn, across cells and digits. Its two ends cannot both " +
    "be false, so a candidate that sees both ends goes.",
  "continuous-nice-loop": "An alternating chain that closes on itself. Every weak link of the loop becomes strong, so " +
    "along each weak link in a house, the other candidates of that house (or cell) go.",
  "discontinuous-nice-loop": "A loop that breaks at one candidate: following it from that candidate leads back to a " +
    "contradiction (or forces it), so the candidate is false (or true).",
  "grouped-aic": "An AIC whose nodes may be groups: a digit's candidates in one box that also share a line, acting " +
    "together as one node.",
  "grouped-continuous-nice-loop": "A continuous nice loop using grouped nodes.",
  "grouped-discontinuous-nice-loop": "A discontinuous nice loop using grouped nodes.",
  "aligned-triple-exclusion": "Aligned pair exclusion with three cells: the combinations of values that would empty a " +
    "common peer or repeat a digit in a house are struck, and a value in no combination goes.",
  tridagon: "Three digits in twelve cells, three in each of four boxes that form a rectangle of boxes: those " +
    "digits alone can never fill such a pattern (it breaks parity), so one cell, the guardian, holds a fourth digit.",
  "twinned-xy-chains": "Six cells where two rows cross three columns (or the reverse) hold six digits in all, and each " +
    "digit's cells all see one another: each digit is in exactly one cell, so cells seeing all its places lose it.",
  "junior-exocet": "Two base cells in one box line and two target cells outside: the base digits must reappear in the " +
    "targets. Target cells lose any digit not in the base; base digits that cannot repeat go from the base.",
  "senior-exocet": "The exocet idea with targets that may sit in the base's band or be already placed: the base " +
    "digits still have to show up in the targets.",
  "sk-loop": "A loop of four boxes and the lines between them whose digits, counted over houses, must fill the loop " +
    "exactly: the loop's digits leave the rest of its lines and boxes.",
  msls: "Multi-sector locked set: a set of cells and houses where counting digits shows the cells need every digit " +
    "that may go there; those digits leave the other cells of the houses involved.",
  "forcing-chain-contradiction": "Assume a candidate true and follow singles and chains: if two paths clash (a cell " +
    "empty, a digit twice), the assumption was wrong and the candidate goes.",
  "forcing-chain-verity": "Try each candidate of a cell (or each place of a digit in a house) in turn: if every try " +
    "leads to the same conclusion, it is true whatever the cell holds.",
  "forcing-net-contradiction": "As the forcing chain, but the consequences branch and meet (a net): assuming the " +
    "candidate leads to a contradiction, so it is false.",
  "forcing-net-verity": "A forcing net from each candidate of a cell or house reaching the same conclusion.",
  "nested-forcing-net": "A forcing net whose inner steps may themselves use nets to remove candidates inside the " +
    "assumption. The last resort for the hardest puzzles.",
  "template-delete": "A template is one way to place all nine copies of a digit. A candidate used by no template that " +
    "fits the grid goes.",
  "template-set": "A cell used by every template of a digit that fits the grid holds that digit.",
  "bowmans-bingo": "Assume a candidate and follow the singles it forces; a contradiction proves it false. A deep trial, " +
    "kept for the end.",
};
