// An owner's session and posting screen, shaped as the API answers them (GET /api/auth/me,
// GET /api/owner/yards/{yard_id}).
import type { MyYard, MyYardItem, OwnerMaterial, Session } from "../api/types";

export const OWNER: Session = { user: { id: 9, email: "thandi@example.org", role: "owner" }, csrfToken: "csrf-owner" };

export const YARD_ITEM: MyYardItem = {
  id: 1,
  name: "Pioneer Metal Traders",
  city: { slug: "johannesburg", name: "Johannesburg" },
  currency: "ZAR",
};

const material = (fields: Partial<OwnerMaterial> & Pick<OwnerMaterial, "slug" | "name">): OwnerMaterial => ({
  category: "Copper",
  saleUnit: "kg",
  units: ["kg", "lb", "t"],
  lastPosted: null,
  cityPrice: null,
  ...fields,
});

export const COPPER_1 = material({
  slug: "copper-1",
  name: "#1 Copper",
  lastPosted: { price: "182.50", priceExact: "182.5000", date: "2026-11-27" },
  cityPrice: { price: "173.75", priceExact: "173.7500", kind: "estimate", date: "2026-11-29" },
});
export const COPPER = material({ slug: "copper", name: "Copper", cityPrice: null });
export const CONVERTERS = material({
  slug: "catalytic-converters",
  name: "Catalytic Converters",
  category: "Precious",
  saleUnit: "piece",
  units: ["piece"],
  lastPosted: { price: "1050.00", priceExact: "1050.0000", date: "2026-11-27" },
});
export const BRASS = material({ slug: "brass", name: "Brass", category: "Brass" });

export const MY_YARD: MyYard = {
  yard: { ...YARD_ITEM, timeZone: "Africa/Johannesburg" },
  today: "2026-11-29",
  maxAgeDays: 7,
  materials: [BRASS, COPPER, COPPER_1, CONVERTERS],
  profile: {
    weeklyHours: [
      { day: 0, opens: "08:00", closes: "17:00" },
      { day: 5, opens: "08:00", closes: "12:00" },
    ],
    acceptedMaterials: ["copper"],
    services: null,
    paymentMethods: ["cash"],
    visitNotes: null,
  },
};
