import { Link } from "react-router";
import { pageHeading } from "@/lib/page-texts";
import { CopperNearYou } from "./copper-near-you";

// Buttons on the dark hero: the shared styles' focus ring would not show against it.
const BUTTON =
  "inline-flex h-12 items-center justify-center rounded-md px-6 text-base font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

export function Hero() {
  return (
    <section className="rounded-2xl bg-gradient-to-br from-brand-800 to-brand-700 px-4 py-6 text-white sm:px-10 sm:py-16">
      <h1 className="max-w-3xl text-2xl leading-tight font-bold sm:text-5xl">{pageHeading("home")}</h1>
      <p className="mt-2 max-w-2xl text-brand-50 sm:mt-4 sm:text-lg">
        Compare scrap metal prices by city and material, and find scrap yards near you.
      </p>
      <div className="mt-4 max-w-xl sm:mt-6">
        <CopperNearYou />
      </div>
      <div className="mt-4 flex flex-col gap-3 sm:mt-8 sm:flex-row">
        <Link to="/cities" className={`${BUTTON} bg-amber-400 text-slate-900 hover:bg-amber-300`}>
          Browse All Cities
        </Link>
        <Link to="/scrap-metal-prices" className={`${BUTTON} border border-white text-white hover:bg-white/10`}>
          Explore Materials
        </Link>
      </div>
    </section>
  );
}
