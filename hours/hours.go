package hours

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// TimeZone is the zone every time of a Week is in: Ohio's.
const TimeZone = "America/New_York"

// Interval is one opening, "HH:MM" on a 24-hour clock. Closes "24:00" is midnight at
// the end of the day; a Closes earlier than Opens is on the next day ("10:00"-"02:00").
type Interval struct {
	Opens  string `json:"opens"`
	Closes string `json:"closes"`
}

// Day is a day's openings: nil when the text does not say (unknown), empty when the
// store is closed that day.
type Day []Interval

// Week is a store's weekly hours. The JSON keys are the days, Monday first.
type Week struct {
	TimeZone string `json:"timeZone"`
	Mon      Day    `json:"mon"`
	Tue      Day    `json:"tue"`
	Wed      Day    `json:"wed"`
	Thu      Day    `json:"thu"`
	Fri      Day    `json:"fri"`
	Sat      Day    `json:"sat"`
	Sun      Day    `json:"sun"`
}

// day returns the field of day d (0 Monday … 6 Sunday).
func (w *Week) day(d int) *Day {
	return [...]*Day{&w.Mon, &w.Tue, &w.Wed, &w.Thu, &w.Fri, &w.Sat, &w.Sun}[d]
}

// Parse reads text into a Week, or returns nil when text is empty or not entirely
// understood.
func Parse(text string) *Week {
	toks, ok := lex(text)
	if !ok || len(toks) == 0 {
		return nil
	}
	p := parser{toks: toks}
	w, err := p.parse()
	if err != nil {
		return nil
	}
	return w
}

// token kinds.
const (
	tWord = iota // a word, lower case, dots removed ("a.m." is "am")
	tNum         // digits, maybe with ":MM"
	tDash        // a range: "-", "–", "—"
	tSep         // , ; | / & : and a line break: they separate, and say nothing
)

type token struct {
	kind int
	text string
}

// lex splits text into tokens; a character it does not know fails.
func lex(text string) ([]token, bool) {
	var out []token
	rs := []rune(strings.ToLower(text))
	for i := 0; i < len(rs); {
		r := rs[i]
		switch {
		case unicode.IsSpace(r):
			if r == '\n' {
				out = append(out, token{tSep, "\n"})
			}
			i++
		case r == '-' || r == '–' || r == '—':
			out = append(out, token{tDash, "-"})
			i++
		case strings.ContainsRune(",;|/&:", r):
			out = append(out, token{tSep, string(r)})
			i++
		case unicode.IsDigit(r):
			j := i
			for j < len(rs) && unicode.IsDigit(rs[j]) {
				j++
			}
			// "10:30" is one number; "Sun: 10" keeps its colon as a separator.
			if j+2 < len(rs) && (rs[j] == ':' || rs[j] == '.') && unicode.IsDigit(rs[j+1]) && unicode.IsDigit(rs[j+2]) &&
				(j+3 == len(rs) || !unicode.IsDigit(rs[j+3])) {
				j += 3
			}
			out = append(out, token{tNum, strings.ReplaceAll(string(rs[i:j]), ".", ":")})
			i = j
		case unicode.IsLetter(r):
			j := i
			var b strings.Builder
			for j < len(rs) && (unicode.IsLetter(rs[j]) || rs[j] == '.' || rs[j] == '\'') {
				if unicode.IsLetter(rs[j]) {
					b.WriteRune(rs[j])
				}
				j++
			}
			out = append(out, token{tWord, b.String()})
			i = j
		case r == '.':
			i++ // a full stop ending a sentence
		default:
			return nil, false
		}
	}
	return out, true
}

// dayNames are the spellings of each day (0 Monday … 6 Sunday). One-letter "t" and
// "s" are left out: they could be two days.
var dayNames = map[string]int{
	"m": 0, "mo": 0, "mon": 0, "monday": 0, "mondays": 0,
	"tu": 1, "tue": 1, "tues": 1, "tuesday": 1, "tuesdays": 1,
	"w": 2, "we": 2, "wed": 2, "weds": 2, "wednesday": 2, "wednesdays": 2,
	"th": 3, "thu": 3, "thur": 3, "thurs": 3, "thursday": 3, "thursdays": 3,
	"f": 4, "fr": 4, "fri": 4, "friday": 4, "fridays": 4,
	"sa": 5, "sat": 5, "saturday": 5, "saturdays": 5,
	"su": 6, "sun": 6, "sunday": 6, "sundays": 6,
}

// dayGroups are words naming several days.
var dayGroups = map[string][]int{
	"daily": {0, 1, 2, 3, 4, 5, 6}, "everyday": {0, 1, 2, 3, 4, 5, 6},
	"weekdays": {0, 1, 2, 3, 4}, "weekends": {5, 6}, "weekend": {5, 6},
}

// fillers are words that say nothing about the hours ("Open daily", "Hours: …",
// "Monday through Friday", "9am to 9pm").
var fillers = map[string]bool{"open": true, "hours": true, "from": true, "and": true}

// rangeWords join the two ends of a range of days or times.
var rangeWords = map[string]bool{"to": true, "thru": true, "through": true, "until": true, "till": true, "til": true}

type parser struct {
	toks []token
	i    int
	week Week
	// pending are the days named since the last times; assigned are the days the last
	// times went to (a second time range with no days between goes to them too).
	pending, assigned []int
	// set marks the days given times in the current part of the text: a later part
	// naming a day again replaces what an earlier one said ("Daily 9-9, Sun 11-5").
	set [7]bool
}

func (p *parser) peek() (token, bool) {
	if p.i < len(p.toks) {
		return p.toks[p.i], true
	}
	return token{}, false
}

func (p *parser) parse() (*Week, error) {
	for {
		t, ok := p.peek()
		if !ok {
			break
		}
		switch {
		case t.kind == tSep:
			p.i++
		case t.kind == tWord && fillers[t.text]:
			p.i++
		case t.kind == tWord && t.text == "closed":
			p.i++
			days, err := p.target()
			if err != nil {
				return nil, err
			}
			for _, d := range days {
				*p.week.day(d) = Day{}
			}
			p.assigned = nil
		case t.kind == tWord && (t.text == "every" || t.text == "days"):
			// "7 days a week", "every day".
			if err := p.everyDay(); err != nil {
				return nil, err
			}
		case t.kind == tWord && t.text != "noon" && t.text != "midnight":
			days, err := p.days()
			if err != nil {
				return nil, err
			}
			if len(p.assigned) > 0 || len(p.pending) == 0 {
				p.pending, p.assigned, p.set = nil, nil, [7]bool{}
			}
			p.pending = append(p.pending, days...)
		case t.kind == tNum && p.allDay():
			if err := p.give(Interval{"00:00", "24:00"}); err != nil {
				return nil, err
			}
		case t.kind == tNum && t.text == "7" && p.sevenDays():
		case t.kind == tNum || t.kind == tWord:
			iv, err := p.interval()
			if err != nil {
				return nil, err
			}
			if err := p.give(iv); err != nil {
				return nil, err
			}
		default:
			return nil, fmt.Errorf("unexpected %q", t.text)
		}
	}
	if len(p.pending) > 0 {
		return nil, fmt.Errorf("days without times")
	}
	w := p.week
	for d := range 7 {
		if *w.day(d) != nil {
			w.TimeZone = TimeZone
			return &w, nil
		}
	}
	return nil, fmt.Errorf("no day")
}

// target is the days the next times or "closed" go to: the days named, else (times
// with no days at all) every day.
func (p *parser) target() ([]int, error) {
	switch {
	case len(p.pending) > 0:
		days := p.pending
		p.pending = nil
		return days, nil
	case p.weekEmpty():
		return dayGroups["daily"], nil
	}
	return nil, fmt.Errorf("times without days")
}

func (p *parser) weekEmpty() bool {
	for d := range 7 {
		if *p.week.day(d) != nil {
			return false
		}
	}
	return true
}

// give adds iv to the days it belongs to.
func (p *parser) give(iv Interval) error {
	days := p.assigned
	if len(p.pending) > 0 || len(days) == 0 {
		var err error
		if days, err = p.target(); err != nil {
			return err
		}
	}
	for _, d := range days {
		if !p.set[d] {
			*p.week.day(d), p.set[d] = nil, true
		}
		*p.week.day(d) = append(*p.week.day(d), iv)
	}
	p.assigned = days
	return nil
}

// days reads one day, a range of days or a group word.
func (p *parser) days() ([]int, error) {
	t := p.toks[p.i]
	if g, ok := dayGroups[t.text]; ok {
		p.i++
		return g, nil
	}
	from, ok := dayNames[t.text]
	if !ok {
		return nil, fmt.Errorf("unknown word %q", t.text)
	}
	p.i++
	if n, ok := p.peek(); ok && (n.kind == tDash || n.kind == tWord && rangeWords[n.text]) {
		if p.i+1 < len(p.toks) {
			if to, ok := dayNames[p.toks[p.i+1].text]; ok && p.toks[p.i+1].kind == tWord {
				p.i += 2
				var out []int
				for d := from; ; d = (d + 1) % 7 {
					out = append(out, d)
					if d == to {
						return out, nil
					}
				}
			}
		}
	}
	return []int{from}, nil
}

// allDay reads "24 hours", "24 hrs", "24/7" at the cursor.
func (p *parser) allDay() bool {
	if p.toks[p.i].text != "24" || p.i+1 >= len(p.toks) {
		return false
	}
	n := p.toks[p.i+1]
	switch {
	case n.kind == tWord && (n.text == "hours" || n.text == "hrs" || n.text == "hr" || n.text == "h"):
		p.i += 2
		return true
	case n.kind == tSep && n.text == "/" && p.i+2 < len(p.toks) && p.toks[p.i+2].text == "7":
		p.i += 3
		return true
	}
	return false
}

// sevenDays reads "7 days" ("7 days a week"): every day.
func (p *parser) sevenDays() bool {
	if p.i+1 < len(p.toks) && p.toks[p.i+1].text == "days" {
		p.i++
		return p.everyDay() == nil
	}
	return false
}

// everyDay reads "every day", "days a week" and the like as every day.
func (p *parser) everyDay() error {
	for p.i < len(p.toks) && p.toks[p.i].kind == tWord {
		switch p.toks[p.i].text {
		case "every", "day", "days", "a", "week":
			p.i++
			continue
		}
		break
	}
	if len(p.assigned) > 0 || len(p.pending) == 0 {
		p.pending, p.assigned, p.set = nil, nil, [7]bool{}
	}
	p.pending = append(p.pending, dayGroups["daily"]...)
	return nil
}

// clock is a time as written: hour and minute, and the clock it is on: "am" or "pm",
// "24" (a 24-hour time: "21:00", "09:00", noon, midnight) or "" (not said: "10" in
// "10-8pm").
type clock struct {
	hour, minute int
	meridiem     string
}

// interval reads "10AM-8PM", "9:30 am to 9 pm", "10-8pm", "09:00-21:00".
func (p *parser) interval() (Interval, error) {
	from, err := p.clock()
	if err != nil {
		return Interval{}, err
	}
	t, ok := p.peek()
	if !ok || !(t.kind == tDash || t.kind == tWord && rangeWords[t.text]) {
		return Interval{}, fmt.Errorf("a time without an end")
	}
	p.i++
	to, err := p.clock()
	if err != nil {
		return Interval{}, err
	}
	opens, closes, err := resolve(from, to)
	switch {
	case err != nil:
		return Interval{}, err
	case opens >= 24*60:
		return Interval{}, fmt.Errorf("opens at 24:00")
	case opens == closes:
		return Interval{}, fmt.Errorf("opens and closes at %s", hhmm(opens))
	case closes == 0:
		closes = 24 * 60 // closing at midnight is the end of the day
	}
	return Interval{hhmm(opens), hhmm(closes)}, nil
}

// clock reads one time at the cursor: a number with its am/pm, or noon or midnight.
func (p *parser) clock() (clock, error) {
	t, ok := p.peek()
	if !ok {
		return clock{}, fmt.Errorf("missing time")
	}
	p.i++
	switch {
	case t.kind == tWord && t.text == "noon":
		return clock{hour: 12, meridiem: "24"}, nil
	case t.kind == tWord && t.text == "midnight":
		return clock{meridiem: "24"}, nil
	case t.kind != tNum:
		return clock{}, fmt.Errorf("expected a time, got %q", t.text)
	}
	var c clock
	h, m, _ := strings.Cut(t.text, ":")
	var err error
	if c.hour, err = strconv.Atoi(h); err != nil || len(h) > 2 {
		return clock{}, fmt.Errorf("bad hour %q", t.text)
	}
	if m != "" {
		if c.minute, err = strconv.Atoi(m); err != nil || c.minute > 59 {
			return clock{}, fmt.Errorf("bad minute %q", t.text)
		}
	}
	if n, ok := p.peek(); ok && n.kind == tWord {
		switch n.text {
		case "am", "a":
			c.meridiem = "am"
			p.i++
		case "pm", "p":
			c.meridiem = "pm"
			p.i++
		}
	}
	switch {
	case c.meridiem != "" && (c.hour < 1 || c.hour > 12):
		return clock{}, fmt.Errorf("bad hour %q %s", t.text, c.meridiem)
	case c.hour > 24 || c.hour == 24 && c.minute > 0:
		return clock{}, fmt.Errorf("bad hour %q", t.text)
	case c.meridiem == "" && (c.hour > 12 || c.hour == 0 || h[0] == '0'):
		c.meridiem = "24"
	}
	return c, nil
}

// minutes is c in minutes after midnight, read with meridiem m when c has none.
func (c clock) minutes(m string) int {
	if c.meridiem != "" {
		m = c.meridiem
	}
	switch m {
	case "am":
		return c.hour%12*60 + c.minute
	case "pm":
		return (c.hour%12+12)*60 + c.minute
	}
	return c.hour*60 + c.minute
}

// resolve turns the two ends of a range into minutes after midnight. An end without
// am/pm is read on the other end's clock: on a 24-hour clock ("9:00-21:00"); else with
// the other end's am/pm when that keeps the range in order ("1-5pm"), or the opposite
// ("10-8pm" is 10 am to 8 pm). Two ends without either ("9-5") are not understood.
func resolve(from, to clock) (int, int, error) {
	switch {
	case from.meridiem != "" && to.meridiem != "":
		return from.minutes(""), to.minutes(""), nil
	case to.meridiem == "24":
		return from.minutes("24"), to.minutes(""), nil
	case from.meridiem == "24":
		return from.minutes(""), to.minutes("24"), nil
	case to.meridiem != "":
		t := to.minutes("")
		if f := from.minutes(to.meridiem); f < t {
			return f, t, nil
		}
		return from.minutes(other(to.meridiem)), t, nil
	case from.meridiem != "":
		f := from.minutes("")
		if t := to.minutes(from.meridiem); t > f {
			return f, t, nil
		}
		return f, to.minutes(other(from.meridiem)), nil
	}
	return 0, 0, fmt.Errorf("no am or pm")
}

func other(m string) string {
	if m == "am" {
		return "pm"
	}
	return "am"
}

func hhmm(min int) string { return fmt.Sprintf("%02d:%02d", min/60, min%60) }
