/**
 * spec 2 §2: "A search-filters widget shows People (from anyone / people you
 * follow) and Location (anywhere / near you); display only." The product has
 * no follows and no locations, so the defaults are shown and the others are
 * greyed out (decision 037); the working filters are on the page.
 */
export function SearchFiltersWidget() {
  return (
    <section className="card side-card search-widget" aria-labelledby="search-widget-title">
      <h2 id="search-widget-title" className="side-card__title">
        Search filters
      </h2>
      <fieldset className="search-widget__group">
        <legend>People</legend>
        <label>
          <input type="radio" name="search-widget-people" checked readOnly /> From anyone
        </label>
        <label className="search-widget__off">
          <input type="radio" name="search-widget-people" disabled /> People you follow
        </label>
      </fieldset>
      <fieldset className="search-widget__group">
        <legend>Location</legend>
        <label>
          <input type="radio" name="search-widget-location" checked readOnly /> Anywhere
        </label>
        <label className="search-widget__off">
          <input type="radio" name="search-widget-location" disabled /> Near you
        </label>
      </fieldset>
    </section>
  );
}
