// Fixtures copied from the live API: GET /api/cities/johannesburg and
// GET /api/cities/johannesburg/scrap-yards?limit=10 (9 yards, one page).
import type { Schemas, WeeklyHours, Yard } from "@/api/client";
import { JOHANNESBURG, makePage, makeYard, weekHours } from "@/test/factories";

type CityYardPage = Schemas["CityYardPage"];

export const johannesburg = JOHANNESBURG;

/** Monday to Friday `opens`-`closes`, Saturday 08:00-`saturdayCloses`, Sunday closed. */
const hours = (opens: string, closes: string, saturdayCloses: string) =>
  weekHours(opens, closes, { opens: "08:00", closes: saturdayCloses });

type Row = [number, string, string, string | null, string | null, number | null, number, number, number];

function yard(
  [id, name, address, phone, website, rating, reviewCount, latitude, longitude]: Row,
  weeklyHours: WeeklyHours,
): Yard {
  const email = `info@${name.toLowerCase().replaceAll(" ", "-")}-johannesburg.example.com`;
  return makeYard(johannesburg, {
    ...{ id, name, address, phone, email, website, rating, reviewCount, latitude, longitude },
    isOpen: false,
    weeklyHours,
  });
}

// The API's order for sort=rating: best first, unrated last.
export const johannesburgYards: Yard[] = [
  yard(
    [
      1,
      "Pioneer Metal Traders",
      "39 Old Pretoria Road, Selby, Johannesburg, 2001",
      "011 555 0100",
      "https://pioneer-metal-traders-johannesburg.example.com",
      4.9,
      13,
      -26.179157,
      28.125762,
    ],
    hours("08:00", "17:30", "13:00"),
  ),
  yard(
    [
      2,
      "Anchor Scrap Yard",
      "268 Lower Germiston Road, Selby, Johannesburg, 2001",
      "011 555 0101",
      null,
      4.8,
      8,
      -26.239423,
      28.080391,
    ],
    hours("07:00", "18:00", "12:00"),
  ),
  yard(
    [
      4,
      "Northside Salvage",
      "135 Station Road, Booysens, Johannesburg, 2001",
      "011 555 0103",
      "https://northside-salvage-johannesburg.example.com",
      4.4,
      138,
      -26.240385,
      28.11806,
    ],
    hours("07:30", "16:30", "13:00"),
  ),
  yard(
    [
      7,
      "Crown Metals",
      "240 Vanguard Drive, Industria, Johannesburg, 2001",
      "011 555 0106",
      "https://crown-metals-johannesburg.example.com",
      4.4,
      68,
      -26.15467,
      28.072641,
    ],
    hours("08:00", "17:00", "13:00"),
  ),
  yard(
    [
      5,
      "Mercury Metal Traders",
      "477 Heidelberg Road, Booysens, Johannesburg, 2001",
      "011 555 0104",
      null,
      3.9,
      88,
      -26.159544,
      28.069632,
    ],
    hours("08:00", "16:00", "12:00"),
  ),
  yard(
    [
      6,
      "Pioneer Metals",
      "397 Rosettenville Road, Booysens, Johannesburg, 2001",
      "011 555 0105",
      "https://pioneer-metals-johannesburg.example.com",
      3.7,
      11,
      -26.165542,
      28.01777,
    ],
    hours("08:00", "17:00", "12:00"),
  ),
  yard(
    [
      8,
      "Summit Salvage",
      "124 Smith Street, Selby, Johannesburg, 2001",
      "011 555 0107",
      null,
      3.4,
      11,
      -26.155229,
      28.108848,
    ],
    hours("08:30", "16:30", "13:00"),
  ),
  yard(
    [
      9,
      "Bluewater Metals",
      "262 Main Reef Road, Booysens, Johannesburg, 2001",
      "011 555 0108",
      "https://bluewater-metals-johannesburg.example.com",
      null,
      0,
      -26.185808,
      27.957169,
    ],
    hours("08:00", "16:00", "12:00"),
  ),
  yard(
    [
      3,
      "Harbour Scrap Yard",
      "51 Church Street, Wadeville, Johannesburg, 2001",
      "011 555 0102",
      null,
      null,
      0,
      -26.222965,
      28.001664,
    ],
    hours("07:30", "18:00", "13:00"),
  ),
];

type YardPageOptions = { page?: number; total?: number; limit?: number; unfilteredTotal?: number };

/** A page of yards as the API answers it (10 a page). */
export function yardPage(
  data: Yard[],
  { page = 1, total = data.length, limit = 10, unfilteredTotal }: YardPageOptions = {},
): CityYardPage {
  return { ...makePage(data, { page, total, limit }), unfilteredTotal: unfilteredTotal ?? total, attributions: [] };
}

export const johannesburgPage = yardPage(johannesburgYards);

/** Monday 17:15 in Johannesburg: open are Pioneer Metal Traders, Anchor Scrap Yard, Harbour Scrap Yard. */
export const MONDAY_EVENING = new Date("2026-11-23T15:15:00Z");
