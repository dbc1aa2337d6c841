/* A meter whose reporting function gains parameters with features. */
#ifndef METER_H
#define METER_H

long meter_report(const char *name
#ifdef SCALE
                  , int scale
#endif
                  , long value
#ifdef UNITS
                  , const char *unit
#endif
);

#endif
