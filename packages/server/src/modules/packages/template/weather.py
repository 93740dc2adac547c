"""An example Tessera package: each public function of a .py file can become a model.

The type hints decide the model's inputs: a DataFrame parameter takes a dataset of the project, a float,
an int, a str or a bool parameter takes a value, and a default becomes the input's default. A function
returns a DataFrame (it becomes the model's output dataset) or a value (a number, a text, a dict).
"""

import pandas as pd


def monthly_summary(data: pd.DataFrame, rain_threshold: float = 5.0) -> pd.DataFrame:
    """Rainy days and mean temperatures per month of a weather table (columns date, precipitation, temp_max)."""
    frame = data.copy()
    frame["month"] = pd.to_datetime(frame["date"]).dt.strftime("%Y-%m")
    frame["rainy"] = frame["precipitation"] > rain_threshold
    summary = frame.groupby("month", as_index=False).agg(
        rainy_days=("rainy", "sum"),
        mean_temp_max=("temp_max", "mean"),
    )
    summary["mean_temp_max"] = summary["mean_temp_max"].round(1)
    return summary


def rainy_share(data: pd.DataFrame, rain_threshold: float = 5.0) -> float:
    """The share of days with more rain than the threshold (a single value)."""
    return round(float((data["precipitation"] > rain_threshold).mean()), 3)
