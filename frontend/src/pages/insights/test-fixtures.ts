// A real answer from the live demo API (GET /api/insights, 22 Nov 2026), trimmed to two countries
// with two risers and two fallers each, and three tracked materials.
import type { Insights } from "@/api/client";

export const insights: Insights = {
  asOf: "2026-11-22",
  comparedWith: "2026-11-15",
  countries: [
    {
      code: "AU",
      name: "Australia",
      risers: [
        {
          material: {
            id: 13,
            name: "Aluminum Extrusion",
            slug: "aluminum-extrusion",
            grade: "Clean",
            category: "Aluminum",
          },
          city: {
            id: 39,
            name: "Melbourne",
            slug: "melbourne",
            country: {
              code: "AU",
              name: "Australia",
            },
          },
          currency: "AUD",
          price: "2.90",
          date: "2026-11-22",
          weekAgoPrice: "2.67",
          weekAgoDate: "2026-11-15",
          changePercent: 8.6,
        },
        {
          material: {
            id: 13,
            name: "Aluminum Extrusion",
            slug: "aluminum-extrusion",
            grade: "Clean",
            category: "Aluminum",
          },
          city: {
            id: 41,
            name: "Brisbane",
            slug: "brisbane",
            country: {
              code: "AU",
              name: "Australia",
            },
          },
          currency: "AUD",
          price: "2.84",
          date: "2026-11-22",
          weekAgoPrice: "2.63",
          weekAgoDate: "2026-11-15",
          changePercent: 8.0,
        },
      ],
      fallers: [
        {
          material: {
            id: 4,
            name: "#2 Copper",
            slug: "copper-2",
            grade: "Mixed",
            category: "Copper",
          },
          city: {
            id: 43,
            name: "Perth",
            slug: "perth",
            country: {
              code: "AU",
              name: "Australia",
            },
          },
          currency: "AUD",
          price: "10.55",
          date: "2026-11-22",
          weekAgoPrice: "11.48",
          weekAgoDate: "2026-11-15",
          changePercent: -8.1,
        },
        {
          material: {
            id: 4,
            name: "#2 Copper",
            slug: "copper-2",
            grade: "Mixed",
            category: "Copper",
          },
          city: {
            id: 44,
            name: "Adelaide",
            slug: "adelaide",
            country: {
              code: "AU",
              name: "Australia",
            },
          },
          currency: "AUD",
          price: "10.89",
          date: "2026-11-22",
          weekAgoPrice: "11.80",
          weekAgoDate: "2026-11-15",
          changePercent: -7.7,
        },
      ],
    },
    {
      code: "CA",
      name: "Canada",
      risers: [
        {
          material: {
            id: 5,
            name: "Insulated Copper Wire",
            slug: "insulated-copper-wire",
            grade: null,
            category: "Copper",
          },
          city: {
            id: 63,
            name: "Montreal",
            slug: "montreal",
            country: {
              code: "CA",
              name: "Canada",
            },
          },
          currency: "CAD",
          price: "6.07",
          date: "2026-11-22",
          weekAgoPrice: "5.38",
          weekAgoDate: "2026-11-15",
          changePercent: 12.8,
        },
        {
          material: {
            id: 28,
            name: "Catalytic Converters",
            slug: "catalytic-converters",
            grade: null,
            category: "Precious",
          },
          city: {
            id: 68,
            name: "Winnipeg",
            slug: "winnipeg",
            country: {
              code: "CA",
              name: "Canada",
            },
          },
          currency: "CAD",
          price: "73.02",
          date: "2026-11-22",
          weekAgoPrice: "65.27",
          weekAgoDate: "2026-11-15",
          changePercent: 11.9,
        },
      ],
      fallers: [
        {
          material: {
            id: 30,
            name: "Circuit Boards",
            slug: "circuit-boards",
            grade: "Mixed",
            category: "Electronics",
          },
          city: {
            id: 66,
            name: "Calgary",
            slug: "calgary",
            country: {
              code: "CA",
              name: "Canada",
            },
          },
          currency: "CAD",
          price: "6.75",
          date: "2026-11-22",
          weekAgoPrice: "7.14",
          weekAgoDate: "2026-11-15",
          changePercent: -5.5,
        },
        {
          material: {
            id: 4,
            name: "#2 Copper",
            slug: "copper-2",
            grade: "Mixed",
            category: "Copper",
          },
          city: {
            id: 68,
            name: "Winnipeg",
            slug: "winnipeg",
            country: {
              code: "CA",
              name: "Canada",
            },
          },
          currency: "CAD",
          price: "9.64",
          date: "2026-11-22",
          weekAgoPrice: "10.14",
          weekAgoDate: "2026-11-15",
          changePercent: -4.9,
        },
      ],
    },
  ],
  mostTracked: [
    {
      material: {
        id: 3,
        name: "#1 Copper",
        slug: "copper-1",
        grade: "Clean",
        category: "Copper",
      },
      cityCount: 75,
      countryCount: 7,
      averagePriceUsd: "9.59",
    },
    {
      material: {
        id: 4,
        name: "#2 Copper",
        slug: "copper-2",
        grade: "Mixed",
        category: "Copper",
      },
      cityCount: 75,
      countryCount: 7,
      averagePriceUsd: "7.43",
    },
    {
      material: {
        id: 11,
        name: "Aluminum",
        slug: "aluminum",
        grade: null,
        category: "Aluminum",
      },
      cityCount: 75,
      countryCount: 7,
      averagePriceUsd: "1.53",
    },
  ],
};
