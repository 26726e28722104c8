import type { BlogPostSummary } from "@/api/client";

// Copied from GET /api/blog (all seven posts, newest first).
export const POSTS: BlogPostSummary[] = [
  {
    id: 2,
    title: "Ford Catalytic Converter Scrap Prices: How to Identify, Value and Sell Legally",
    slug: "ford-catalytic-converter-scrap-prices",
    description:
      "How Ford catalytic converters are valued for scrap, where to find the stamps, why OEM beats aftermarket, and how to sell one legally.",
    category: "Catalytic Converters",
    readTime: 6,
    publishDate: "2024-11-18",
    views: null,
    featured: true,
  },
  {
    id: 3,
    title: "Honda Catalytic Converter Scrap Prices: A Practical Seller's Guide",
    slug: "honda-catalytic-converter-scrap-prices",
    description:
      "What makes a Honda catalytic converter valuable as scrap, how to find its markings, and how to sell it safely and within the law.",
    category: "Catalytic Converters",
    readTime: 6,
    publishDate: "2024-10-22",
    views: null,
    featured: false,
  },
  {
    id: 1,
    title: "Chevrolet Catalytic Converter Scrap Prices: Identify, Value and Sell",
    slug: "chevrolet-catalytic-converter-scrap-prices",
    description:
      "A guide to Chevrolet and GM catalytic converters as scrap: where the part numbers are, what drives value and how to sell legally.",
    category: "Catalytic Converters",
    readTime: 5,
    publishDate: "2024-09-30",
    views: null,
    featured: false,
  },
  {
    id: 7,
    title: "Toyota Catalytic Converter Scrap Prices: What Sellers Should Know",
    slug: "toyota-catalytic-converter-scrap-prices",
    description:
      "How Toyota catalytic converters, including hybrids, are identified and valued for scrap, plus the legal rules for selling one.",
    category: "Catalytic Converters",
    readTime: 5,
    publishDate: "2024-08-14",
    views: null,
    featured: false,
  },
  {
    id: 6,
    title: "Scrap Aluminum Rims: How to Prepare and Sell Alloy Wheels for the Best Price",
    slug: "scrap-aluminum-rims-guide",
    description:
      "How to sell aluminum (aluminium) alloy wheels for scrap: sorting clean from dirty rims, removing tires and weights, and getting a fair price.",
    category: "Aluminum",
    readTime: 6,
    publishDate: "2024-07-09",
    views: null,
    featured: false,
  },
  {
    id: 4,
    title: "How to Junk a Motorcycle: Paperwork, Preparation and Getting Paid",
    slug: "how-to-junk-a-motorcycle",
    description:
      "A step-by-step guide to scrapping an old or damaged motorcycle: weighing your options, handling the title, draining fluids and selling legally.",
    category: "Vehicles",
    readTime: 6,
    publishDate: "2024-06-03",
    views: null,
    featured: false,
  },
  {
    id: 5,
    title: "Rhodium Price per Ounce: What Drives the World's Most Volatile Precious Metal",
    slug: "rhodium-price-per-ounce",
    description:
      "Why rhodium is priced so high and swings so hard: supply from South Africa and Russia, catalytic converter demand, a thin market and what it means for scrap.",
    category: "Precious Metals",
    readTime: 6,
    publishDate: "2024-05-16",
    views: null,
    featured: false,
  },
];
