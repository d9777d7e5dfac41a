-- The lower end of a THC or CBD range ("18-24.5%"): thc and cbd keep the top, which
-- filters and sorts compare; thc_low and cbd_low the lower end, NULL when the menu gave
-- one figure (every row written before this column). Existing rows keep working as
-- they were: a single figure.
ALTER TABLE offer_series ADD COLUMN thc_low REAL;
ALTER TABLE offer_series ADD COLUMN cbd_low REAL;
