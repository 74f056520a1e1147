public enum Canvas {}
