package scraper

import "github.com/ohiomc/omc/data"

// A menu may give a potency as a range ("THC 18–24.5%"): the offer shows its top (THC,
// CBD: what filters and sorts compare) and keeps its lower end beside it (THCLow,
// CBDLow), so a range is never cut to its top.

// rangeLow is the lower end of the figures of one range, nil unless it is above 0 and
// below top: a single figure, or a range whose ends are equal, has no lower end.
func rangeLow(top *float64, figures ...float64) *float64 {
	if top == nil {
		return nil
	}
	low := 0.0
	for _, f := range figures {
		if f > 0 && (low == 0 || f < low) {
			low = f
		}
	}
	if low <= 0 || low >= *top {
		return nil
	}
	return positive(low)
}

// setPotencyLow sets the lower ends of the offer's THC and CBD ranges from the figures
// each range holds, once THC and CBD hold their tops (setPotency); a figure whose top
// was left out (a CBD in another unit than the THC) gets no lower end either.
func setPotencyLow(o *data.Offer, thcFigures, cbdFigures []float64) {
	o.THCLow = rangeLow(o.THC, thcFigures...)
	o.CBDLow = rangeLow(o.CBD, cbdFigures...)
}
